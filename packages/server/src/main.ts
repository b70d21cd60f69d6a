import { setFlagsFromString } from 'node:v8';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, DEMO_ADMIN, loadConfig } from './config.ts';
import { serveDataDirBackups } from './db/backup.ts';
import { openDatabase } from './db/client.ts';
import { DataDirError } from './db/dataDirLock.ts';
import { ensureBaseline, FirstStartError } from './db/seed.ts';
import { seedDemo } from './demo/seed.ts';
import { ensureMakerCheckerServices } from './modules/approvals/index.ts';
import { modules, tunables } from './modules/index.ts';
import { useTunables } from './platform/settings/registry.ts';

let closing = false;

async function main() {
  const config = loadConfig();
  // V8 sizes its heap from the machine's memory and, on a large one, lets the old space grow up to
  // four times what survived the last full collection: an import's and the requests' garbage piled
  // up to 400 MB of RSS. V8 reads the factor at each collection, so setting it here is enough; it
  // applies to the import staging thread too (decisions/imports.md "Memory").
  if (config.heapGrowingPercent > 0)
    setFlagsFromString(`--heap-growing-percent=${config.heapGrowingPercent}`);
  const notices: string[] = [];
  // The embedded data folder is locked from here until the database is closed (or the process ends).
  const database = await openDatabase(config.database, {
    onNotice: (message) => {
      console.warn(message);
      notices.push(message);
    },
  });

  let app: FastifyInstance | undefined;
  /** `npm run backup` asks a running server for a copy of its embedded data folder (db/backup.ts). */
  let backups: Awaited<ReturnType<typeof serveDataDirBackups>>;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app?.log.info({ category: 'startup', signal }, 'shutting down');
    try {
      await backups?.close();
      await app?.close();
    } finally {
      await database.close();
    }
    process.exit(0);
  };
  const onSignal = (signal: string) =>
    shutdown(signal).catch((err) => {
      console.error(err);
      process.exit(1);
    });
  process.on('SIGTERM', () => void onSignal('SIGTERM'));
  process.on('SIGINT', () => void onSignal('SIGINT'));

  await database.migrate();
  await ensureBaseline(database.db, config, DEMO_ADMIN.password);
  await ensureMakerCheckerServices(database.db, modules);
  // The demo's earnings go through the earnings queue, which reads its tunables.
  useTunables(tunables);
  if (config.demoData) await seedDemo(database.db);

  app = await buildApp(config, database);
  for (const message of notices) app.log.warn({ category: 'startup' }, message);
  await app.listen({ port: config.port, host: config.host });
  const log = app.log;
  backups = await serveDataDirBackups(database, config.database, (message, failed) =>
    failed ? log.warn({ category: 'backup' }, message) : log.info({ category: 'backup' }, message),
  );
  app.log.info({ category: 'startup', database: database.kind, port: config.port }, 'Loyalty Admin is up');
}

main().catch((err) => {
  if (closing) return; // a signal arrived during start-up: shutdown() ends the process
  if (err instanceof ConfigError || err instanceof FirstStartError || err instanceof DataDirError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  // Exiting releases the data folder's lock (dataDirLock.ts removes it on 'exit').
  process.exit(1);
});
