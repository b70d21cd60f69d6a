/**
 * What `npm run bench`, `npm run cluster` and `npm run chaos` share: HTTP calls with a keep-alive
 * agent, server processes started from the sources as production would run them, and HAProxy
 * balancing several of them.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';

export const root = path.resolve(import.meta.dirname, '..');

export interface Answer {
  status: number;
  body: string;
}

/** One HTTP request; rejects when no answer comes (connection refused or reset). */
export function request(
  agent: http.Agent,
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        agent,
        headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A JSON answer, or an error naming the call when the status is not 2xx. */
export async function json<T>(
  agent: http.Agent,
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<T> {
  const res = await request(agent, url, method, headers, body);
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${res.body}`);
  return JSON.parse(res.body) as T;
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });

/**
 * A server from the sources with NODE_ENV=production. That makes it an exposed server (as
 * TRUST_PROXY (127.0.0.1), which the balanced runs add in `env`, would too: packages/server/src/config.ts),
 * which requires SMTP and sealing keys — here an SMTP address nobody answers and a fixed key, as
 * these runs send no mail and keep their database's keys between runs — and refuses the demo
 * ADMIN_PASSWORD (the callers pass one of their own). Resolves once it answers `/api/health/ready`.
 * Its output goes to this process's, or is appended to the file `log` (then the error of a server
 * that exits before it is ready quotes the file's end).
 */
export async function startServer(
  port: number,
  env: Record<string, string>,
  log?: string,
): Promise<ChildProcess> {
  // SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof": a profile of the server under the load.
  const nodeArgs = process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const out = log === undefined ? 'inherit' : openSync(log, 'a');
  // SERVER_ENTRY=packages/server/dist/main.js: the built server (`npm start`'s) instead of the
  // sources through tsx, whose transpiling loader alone holds ≈ 95 MB of the server's RSS.
  const entry = process.env.SERVER_ENTRY;
  const args = entry ? [entry] : ['--import', 'tsx', 'packages/server/src/main.ts'];
  const child = spawn(process.execPath, [...nodeArgs, ...args], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:9',
      SECRET_KEYS: 'YmVuY2htYXJrIHNlYWxpbmcga2V5LCBub3QgYSBzZWM=',
      COOKIE_SECURE: 'false',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', out, out],
  });
  if (typeof out === 'number') closeSync(out);
  const agent = new http.Agent();
  const deadline = Date.now() + 180_000;
  try {
    for (;;) {
      if (child.exitCode !== null) {
        const said = log === undefined ? '' : `; the end of ${log}:\n${logTail(log)}`;
        throw new Error(`server exited with ${child.exitCode}${said}`);
      }
      const res = await request(agent, `http://127.0.0.1:${port}/api/health/ready`, 'GET', {}).catch(
        () => null,
      );
      if (res?.status === 200) return child;
      if (Date.now() > deadline) {
        await stopServer(child, 'SIGKILL');
        throw new Error('server did not start');
      }
      await new Promise((r) => setTimeout(r, 300));
    }
  } finally {
    agent.destroy();
  }
}

/** The last lines of a server's log file, for an error. */
const logTail = (file: string) => readFileSync(file, 'utf8').trimEnd().split('\n').slice(-15).join('\n');

/** SIGTERM (or `signal`), and resolves when the process has exited. */
export async function stopServer(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

/** Where HAProxy comes from when it is missing (Debian's package; `npm run cluster` and `chaos` need it). */
const HAPROXY_MISSING =
  'HAProxy is not installed: npm run cluster and npm run chaos balance the instances with it.\n' +
  'Install it (Debian, Ubuntu: `sudo apt-get update && sudo apt-get install -y haproxy`; macOS: `brew install haproxy`) and run again.';

/**
 * HAProxy's version line (`haproxy -v`). When HAProxy is not installed, says how to install it and
 * ends the process with status 1: call it before starting anything.
 */
export async function requireHaproxy(): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)('haproxy', ['-v']);
    const version = /version (\S+)/i.exec(stdout)?.[1];
    return version ? `HAProxy ${version}` : 'HAProxy';
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    console.error(e.code === 'ENOENT' ? HAPROXY_MISSING : `haproxy -v failed: ${e.message}`);
    process.exit(1);
  }
}

/**
 * The balancer's configuration (docs/deployment.md has it as the reference example): round robin
 * over the instances, each checked on `GET /api/health/ready` every 500 ms — out after 2 failed
 * checks (a 503 "not ready", no answer in 2 s, a refused connection), back after 1 good one; a
 * request whose connection an instance refused is sent to the next one (retries with a
 * redispatch each time), never one that reached an instance (it may have been served).
 * `X-Forwarded-For` tells the instances (TRUST_PROXY=127.0.0.1) the client's address — the one HAProxy
 * saw: a client's own X-Forwarded-* headers are dropped, or it could pick the address the sign-in
 * limit counts against.
 */
export function haproxyConfig(ports: number[], port: number): string {
  return `# Generated by bench/server.ts (npm run cluster, npm run chaos); reference: docs/deployment.md
global
  maxconn 4096

defaults
  mode http
  option forwardfor
  # A connection refused (or not made within timeout connect) is tried again, on another instance
  # each time; a request that reached an instance is never sent twice.
  retries 3
  option redispatch 1
  timeout connect 5s
  timeout client 60s
  timeout server 60s
  timeout http-request 10s
  timeout http-keep-alive 30s
  timeout queue 10s
  timeout check 2s

frontend loyalty
  bind 127.0.0.1:${port}
  # The instances trust X-Forwarded-* (TRUST_PROXY=127.0.0.1); what a client sent is dropped too, so that
  # X-Forwarded-For is the address HAProxy saw (option forwardfor), never one the client chose.
  http-request del-header X-Forwarded-For
  http-request del-header X-Forwarded-Host
  http-request set-header X-Forwarded-Proto http
  default_backend instances

backend instances
  balance roundrobin
  option httpchk
  http-check send meth GET uri /api/health/ready
  http-check expect status 200
  default-server check inter 500ms fall 2 rise 1
${ports.map((p, i) => `  server instance${i + 1} 127.0.0.1:${p}`).join('\n')}
`;
}

export interface Balancer {
  url: string;
  port: number;
  /** What HAProxy printed (an instance marked down or up, warnings), with the time it came. */
  events: { at: number; line: string }[];
  /** Stops HAProxy and removes its configuration; resolves once it has exited. */
  close: () => Promise<void>;
}

/**
 * HAProxy in the foreground (`haproxy -f <cfg> -db`, a child of this process) with the
 * configuration above in a temporary folder, on `port` (0: a free one). Resolves once it forwards
 * `GET /api/health/ready` to an instance that answers 200. `onLine` hears what it prints (default:
 * printed, prefixed `haproxy:`). Call requireHaproxy() first.
 */
export async function startBalancer(
  ports: number[],
  options: { port?: number; onLine?: (line: string) => void } = {},
): Promise<Balancer> {
  const port = options.port || (await freePort());
  const dir = await mkdtemp(path.join(tmpdir(), 'loyalty-haproxy-'));
  const cfg = path.join(dir, 'haproxy.cfg');
  await writeFile(cfg, haproxyConfig(ports, port));
  const child = spawn('haproxy', ['-f', cfg, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const kill = () => {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  // Should this process end without close() (an exception, Ctrl-C), HAProxy ends with it.
  process.once('exit', kill);
  const events: Balancer['events'] = [];
  const onLine = options.onLine ?? ((line: string) => console.log(`  haproxy: ${line}`));
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      if (!line.trim()) return;
      events.push({ at: Date.now(), line });
      onLine(line);
    });
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    process.removeListener('exit', kill);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  const agent = new http.Agent();
  const deadline = Date.now() + 15_000;
  try {
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`haproxy exited with ${child.exitCode} (its configuration: ${cfg})`);
      const res = await request(agent, `${url}/api/health/ready`, 'GET', {}).catch(() => null);
      if (res?.status === 200) return { url, port, events, close };
      if (Date.now() > deadline)
        throw new Error(`haproxy did not forward to a ready instance on port ${port}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch (err) {
    await close();
    throw err;
  } finally {
    agent.destroy();
  }
}
