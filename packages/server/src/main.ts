import { buildApp } from './app.ts';
import { ConfigError, DEMO_ADMIN, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { ensureBaseline, FirstStartError, seedDemo } from './db/seed.ts';
import { ensureApprovalCatalogue } from './modules/approvals/index.ts';
import { modules } from './modules/index.ts';

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  await database.migrate();
  await ensureBaseline(database.db, config, DEMO_ADMIN.password);
  await ensureApprovalCatalogue(database.db, modules);
  if (config.demoData) await seedDemo(database.db);

  const app = await buildApp(config, database);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ category: 'startup', signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info({ category: 'startup', database: database.kind, port: config.port }, 'Loyalty Admin is up');
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof FirstStartError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
