/**
 * `npm run cluster`: the many-instance set-up of docs/deployment.md on one machine — `--instances`
 * servers (3) on the PostgreSQL database of DATABASE_URL, behind a round-robin proxy on `--port`
 * (8080). Runs until Ctrl-C, then stops every instance gracefully (SIGTERM drains the earnings).
 * The servers run with NODE_ENV=production; ADMIN_PASSWORD (and the rest of the environment) is
 * passed on to them.
 */
import type { ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import { freePort, startProxy, startServer, stopServer } from './server.ts';

const { values: opts } = parseArgs({
  options: { instances: { type: 'string', default: '3' }, port: { type: 'string', default: '8080' } },
});
if (!process.env.DATABASE_URL) {
  console.error(
    'Set DATABASE_URL: instances share one PostgreSQL database (an embedded folder has one owner).',
  );
  process.exit(1);
}
if (!process.env.ADMIN_PASSWORD) {
  console.error('Set ADMIN_PASSWORD: the first administrator of a new database is created with it.');
  process.exit(1);
}

const ports = await Promise.all(Array.from({ length: Number(opts.instances) }, freePort));
const children: ChildProcess[] = [];
// The first instance migrates the database; the others start once it has.
children.push(await startServer(ports[0] as number, {}));
children.push(...(await Promise.all(ports.slice(1).map((p) => startServer(p, {})))));
const proxy = await startProxy(ports, Number(opts.port));
console.log(
  `${children.length} instances (ports ${ports.join(', ')}) behind ${proxy.url}; Ctrl-C stops them.`,
);
process.once('SIGINT', async () => {
  proxy.close();
  await Promise.all(children.map((c) => stopServer(c)));
  process.exit(0);
});
