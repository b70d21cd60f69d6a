/**
 * What `npm run bench` and `npm run chaos` share: HTTP calls with a keep-alive agent, and server
 * processes started from the sources as production would run them.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';

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
 * A server from the sources with NODE_ENV=production (which requires SMTP and sealing keys: an
 * SMTP address nobody answers and a fixed key, as these runs send no mail and keep their
 * database's keys between runs). Resolves once it answers `/api/health/ready`.
 */
export async function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  // SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof": a profile of the server under the load.
  const nodeArgs = process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'packages/server/src/main.ts'], {
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
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const agent = new http.Agent();
  const deadline = Date.now() + 180_000;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const res = await request(agent, `http://127.0.0.1:${port}/api/health/ready`, 'GET', {}).catch(
        () => null,
      );
      if (res?.status === 200) return child;
      if (Date.now() > deadline) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 300));
    }
  } finally {
    agent.destroy();
  }
}

/** SIGTERM (or `signal`), and resolves when the process has exited. */
export async function stopServer(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

/** Round robin over the instances; a refused connection moves on to the next one (as nginx does). */
export function startProxy(ports: number[], port = 0): Promise<{ url: string; close: () => void }> {
  const upstream = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const attempt = (tries: number) => {
        const port = ports[next++ % ports.length] as number;
        const up = http.request(
          {
            host: '127.0.0.1',
            port,
            method: req.method,
            path: req.url,
            headers: req.headers,
            agent: upstream,
          },
          (ur) => {
            res.writeHead(ur.statusCode ?? 502, ur.headers);
            ur.pipe(res);
            ur.on('error', () => res.destroy());
          },
        );
        up.on('error', (err: NodeJS.ErrnoException) => {
          if (err.code === 'ECONNREFUSED' && tries < ports.length) attempt(tries + 1);
          else if (!res.headersSent) res.writeHead(502).end();
          else res.destroy();
        });
        up.end(body);
      };
      attempt(1);
    });
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}`, close: () => server.close() });
    });
  });
}
