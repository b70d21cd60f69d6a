import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

const root = path.resolve(import.meta.dirname, '..');
const serverMain = path.join(root, 'packages/server/dist/main.js');
const webIndex = path.join(root, 'packages/web/dist/index.html');

export const E2E_ADMIN = { username: 'admin', password: 'E2E#Admin-Password-1' };

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    admin: { username: string; password: string };
  }
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

/** Newest modification time of the product's sources (what `npm run build` reads). */
function newestSource(): number {
  let newest = 0;
  for (const pkg of ['contracts', 'server', 'web']) {
    const dir = path.join(root, 'packages', pkg);
    const files = [
      ...readdirSync(path.join(dir, 'src'), { recursive: true, encoding: 'utf8' }).map((f) =>
        path.join('src', f),
      ),
      'package.json',
      ...(pkg === 'web' ? ['index.html', 'vite.config.ts'] : []),
    ];
    for (const f of files) newest = Math.max(newest, statSync(path.join(dir, f)).mtimeMs);
  }
  return newest;
}

/** The built product is missing, or older than a source file. */
function buildIsStale(): boolean {
  if (!existsSync(serverMain) || !existsSync(webIndex)) return true;
  return Math.min(statSync(serverMain).mtimeMs, statSync(webIndex).mtimeMs) < newestSource();
}

let child: ChildProcess | undefined;
let dataDir: string | undefined;

/** Builds the product when it is missing or stale, starts it on a fresh data directory, waits for health. */
export async function setup(project: TestProject) {
  if (buildIsStale()) execSync('npm run build', { cwd: root, stdio: 'inherit' });
  dataDir = mkdtempSync(path.join(tmpdir(), 'loyalty-e2e-'));
  const port = await freePort();
  child = spawn(process.execPath, [serverMain], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not become healthy in 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('baseUrl', baseUrl);
  project.provide('admin', E2E_ADMIN);
}

export async function teardown() {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child?.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
