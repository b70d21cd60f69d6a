/**
 * `npm run cluster`: the many-instance set-up of docs/deployment.md on one machine — `--instances`
 * servers (3) on the PostgreSQL database of DATABASE_URL, behind HAProxy on `--port` (8080): round
 * robin, health checks on `/api/health/ready` (bench/server.ts writes its configuration to a
 * temporary folder and runs `haproxy -f <cfg> -db` as a child). Needs HAProxy installed (it says
 * how when it is not). Runs until Ctrl-C (or SIGTERM), then stops HAProxy and every instance
 * gracefully (SIGTERM drains the earnings).
 * The servers run with NODE_ENV=production and TRUST_PROXY=127.0.0.1 (they read the client's address
 * from HAProxy's X-Forwarded-For), with an SMTP address nobody answers and a fixed sealing key
 * (bench/server.ts); ADMIN_PASSWORD (and the rest of the environment) is passed on to them.
 */
import type { ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import { type Balancer, freePort, requireHaproxy, startBalancer, startServer, stopServer } from './server.ts';

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
  console.error(
    'Set ADMIN_PASSWORD (12 characters or more, not the demo one): the first administrator of a new database is created with it.',
  );
  process.exit(1);
}
const haproxy = await requireHaproxy();

const ports = await Promise.all(Array.from({ length: Number(opts.instances) }, freePort));
const children: ChildProcess[] = [];
let balancer: Balancer | undefined;
let stopping = false;
const stop = async (code: number) => {
  if (stopping) return;
  stopping = true;
  await balancer?.close();
  await Promise.all(children.map((c) => stopServer(c)));
  process.exit(code);
};
process.once('SIGINT', () => void stop(0));
process.once('SIGTERM', () => void stop(0));
try {
  // The balancer runs on this machine: only its X-Forwarded-For is believed.
  const env = { TRUST_PROXY: '127.0.0.1' };
  // The first instance migrates the database; the others start once it has.
  children.push(await startServer(ports[0] as number, env));
  const others = ports.slice(1).map((p) => startServer(p, env));
  const started = await Promise.allSettled(others);
  for (const s of started) if (s.status === 'fulfilled') children.push(s.value);
  for (const s of started) if (s.status === 'rejected') throw s.reason;
  balancer = await startBalancer(ports, { port: Number(opts.port) });
  console.log(
    `${children.length} instances (ports ${ports.join(', ')}) behind ${haproxy} on ${balancer.url}; Ctrl-C stops them.`,
  );
} catch (err) {
  // An instance that did not start said why (its configuration, the database) above.
  console.error(err instanceof Error ? err.message : err);
  await stop(1);
}
