import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
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
    /** The embedded database every test file starts from a copy of (demo data, migrated). */
    templateDir: string;
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

/** A running product: its address and how to stop it. */
export interface Product {
  baseUrl: string;
  stop(): Promise<void>;
}

/** Starts the built product on the embedded database in `dataDir` and waits until it is healthy. */
export async function startProduct(dataDir: string): Promise<Product> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [serverMain], {
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
      // The browser tests' SMS gateway is a local server (platform/outbound.ts).
      OUTBOUND_ALLOW: '127.0.0.1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  // A loaded machine may need longer for the first start (demo data): E2E_START_SECONDS.
  const startSeconds = Number(process.env.E2E_START_SECONDS ?? 180);
  const deadline = Date.now() + startSeconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not become healthy in ${startSeconds} s`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { baseUrl, stop };
}

/**
 * A fresh copy of the template database for one test file (e2e/ownProduct.ts): what one file
 * writes, another never sees.
 */
export function copyTemplate(templateDir: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'loyalty-e2e-'));
  cpSync(templateDir, dir, { recursive: true });
  return dir;
}

let templateDir: string | undefined;

/**
 * Global set-up: builds the product when it is missing or stale, then makes the template
 * database once — the product started on an empty folder (migrations, demo data) and stopped.
 */
export async function setup(project: TestProject) {
  // NODE_ENV is `test` under vitest: a build inheriting it bundles React's development build
  // (the sign-in route then weighs 434 KB instead of 359 KB), which is not the product.
  if (buildIsStale())
    execSync('npm run build', {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  templateDir = mkdtempSync(path.join(tmpdir(), 'loyalty-e2e-template-'));
  const product = await startProduct(templateDir);
  // The job runner's first tick comes a second after start and runs every due job (demo model
  // training, scoring, roll-ups); a graceful stop waits for it. Stopping before it would leave
  // that work to every copy's start.
  await new Promise((r) => setTimeout(r, 3_000));
  await product.stop();
  project.provide('templateDir', templateDir);
  project.provide('admin', E2E_ADMIN);
}

export function teardown() {
  if (templateDir) rmSync(templateDir, { recursive: true, force: true });
}
