import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import {
  acquireDataDirLock,
  DataDirError,
  DataDirLockedError,
  LOCK_FILE,
  type LockHolder,
  processStartTime,
} from './dataDirLock.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const lockModule = path.join(import.meta.dirname, 'dataDirLock.ts');
const temps: string[] = [];
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'loyalty-lock-'));
  temps.push(dir);
  return dir;
};
const lockOf = (dir: string) => JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8')) as LockHolder;
const writeLock = (dir: string, holder: LockHolder) =>
  writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify(holder));

/** The PID of a process that has ended. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid as number;

describe('data folder lock', () => {
  it('is taken, names its holder, and is released', () => {
    const dir = path.join(tempDir(), 'data');
    const lock = acquireDataDirLock(dir);
    expect(lock.tookOver).toBeUndefined();
    const holder = lockOf(dir);
    expect(holder).toMatchObject({ pid: process.pid, hostname: hostname() });
    expect(Date.parse(holder.startedAt)).toBeGreaterThan(Date.now() - 60_000);
    if (process.platform === 'linux') expect(holder.processStart).toMatch(/^\d+$/);
    lock.release();
    expect(existsSync(lock.file)).toBe(false);
    lock.release(); // twice is fine
    acquireDataDirLock(dir).release();
  });

  it('refuses a second taker while held, naming the holder', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    try {
      let error: unknown;
      try {
        acquireDataDirLock(dir);
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(DataDirLockedError);
      const { message, holder } = error as DataDirLockedError;
      expect(holder?.pid).toBe(process.pid);
      expect(message).toContain(`The data folder ${dir} is in use by another Loyalty Admin process`);
      expect(message).toContain(`process ${process.pid} on host ${hostname()}`);
      expect(message).toContain('Stop the other process first, or give this one a different DATA_DIR.');
      expect(lockOf(dir).pid).toBe(process.pid); // the holder's lock is untouched
    } finally {
      lock.release();
    }
  });

  it('takes over a lock whose process is gone', () => {
    const dir = tempDir();
    const pid = deadPid();
    const stale = { pid, hostname: hostname(), startedAt: '2026-01-02T03:04:05.000Z', processStart: '1' };
    writeLock(dir, stale);
    const lock = acquireDataDirLock(dir);
    expect(lock.tookOver).toEqual(stale);
    expect(lockOf(dir).pid).toBe(process.pid);
    lock.release();
  });

  it.skipIf(process.platform !== 'linux')(
    'takes over a lock whose PID now belongs to another process',
    () => {
      const dir = tempDir();
      const now = processStartTime(process.pid);
      const reused = {
        pid: process.pid,
        hostname: hostname(),
        startedAt: '2026-01-02T03:04:05.000Z',
        processStart: String(Number(now) - 1),
      };
      writeLock(dir, reused);
      const lock = acquireDataDirLock(dir);
      expect(lock.tookOver).toEqual(reused);
      expect(lockOf(dir).processStart).toBe(now);
      lock.release();
    },
  );

  it('refuses a lock from another host, which it cannot check', () => {
    const dir = tempDir();
    writeLock(dir, {
      pid: 1,
      hostname: 'elsewhere',
      startedAt: '2026-01-02T03:04:05.000Z',
      processStart: '1',
    });
    expect(() => acquireDataDirLock(dir)).toThrow(
      /locked by process 1 on host elsewhere .*cannot be checked/,
    );
    expect(lockOf(dir).hostname).toBe('elsewhere');
  });

  it('lets exactly one of several starters take over a stale lock', async () => {
    const dir = tempDir();
    writeLock(dir, {
      pid: deadPid(),
      hostname: hostname(),
      startedAt: '2026-01-02T03:04:05.000Z',
      processStart: '1',
    });
    const at = Date.now() + 4000;
    const script = `
      const { acquireDataDirLock } = await import(${JSON.stringify(lockModule)});
      while (Date.now() < ${at}); // all at once
      try {
        const lock = acquireDataDirLock(${JSON.stringify(dir)});
        console.log('won ' + lock.tookOver?.pid);
        await new Promise((r) => setTimeout(r, 3000));
      } catch (err) {
        console.log(err.constructor.name);
      }`;
    const outputs = await Promise.all(
      Array.from({ length: 4 }, () => {
        const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
          cwd: root,
        });
        children.push(child);
        let out = '';
        child.stdout.on('data', (d) => {
          out += d;
        });
        return new Promise<string>((resolve) => child.on('close', () => resolve(out.trim())));
      }),
    );
    expect(outputs.filter((o) => o.startsWith('won'))).toHaveLength(1);
    expect(outputs.filter((o) => o === 'DataDirLockedError')).toHaveLength(3);
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  }, 60_000);

  it('is not taken for an in-memory database', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    await database.close();
  });

  it('is released when PGlite cannot open the folder, which is reported plainly', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'PG_VERSION'), 'not a database\n');
    const error = await openDatabase({ kind: 'pglite', dataDir: dir }).catch((err) => err);
    expect(error).toBeInstanceOf(DataDirError);
    expect(error.message).toContain(`The embedded database in ${dir} cannot be opened`);
    expect(error.message).toContain('Restore it from the last backup (see docs/operations.md)');
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });
});

// Real server processes on one data folder.
describe('servers on one data folder', () => {
  const dataDir = path.join(tempDir(), 'data');
  const lockFile = path.join(dataDir, LOCK_FILE);

  const freePort = () =>
    new Promise<number>((resolve, reject) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const { port } = s.address() as { port: number };
        s.close(() => resolve(port));
      });
      s.on('error', reject);
    });

  interface Server {
    child: ChildProcess;
    port: number;
    output: () => string;
    exited: Promise<number | null>;
  }

  const start = async (dir = dataDir): Promise<Server> => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: '',
        DATA_DIR: dir,
        PORT: String(port),
        HOST: '127.0.0.1',
        DEMO_DATA: 'false',
        ADMIN_PASSWORD: 'Test#Admin-Password-1',
        LOG_LEVEL: 'warn',
      },
    });
    children.push(child);
    let output = '';
    child.stdout?.on('data', (d) => {
      output += d;
    });
    child.stderr?.on('data', (d) => {
      output += d;
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    return { child, port, output: () => output, exited };
  };

  const healthy = async (server: Server) => {
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/api/health`);
      return res.ok;
    } catch {
      return false;
    }
  };

  const waitHealthy = async (server: Server) => {
    const deadline = Date.now() + 150_000;
    while (!(await healthy(server))) {
      if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
      if (Date.now() > deadline) throw new Error(`server not healthy in time:\n${server.output()}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  };

  let first: Server;

  it('a second server on the folder refuses to start; the first keeps running', async () => {
    first = await start();
    await waitHealthy(first);

    const second = await start();
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `The data folder ${dataDir} is in use by another Loyalty Admin process: process ${first.child.pid} on host ${hostname()}`,
    );
    expect(second.output()).not.toMatch(/^\s+at /m); // a message, not a stack
    expect(await healthy(first)).toBe(true);
  }, 240_000);

  it('after a crash the next server takes over the stale lock, and a clean stop releases it', async () => {
    first.child.kill('SIGKILL');
    await first.exited;
    expect(lockOf(dataDir).pid).toBe(first.child.pid); // left behind

    const next = await start();
    await waitHealthy(next);
    expect(next.output()).toContain(
      `Took over the lock on the data folder ${dataDir} left by process ${first.child.pid} on host ${hostname()}`,
    );
    expect(lockOf(dataDir).pid).toBe(next.child.pid);

    next.child.kill('SIGTERM');
    expect(await next.exited).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
  }, 240_000);

  it('a folder PGlite cannot open stops the server with a message, not a stack', async () => {
    const dir = tempDir();
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'PG_VERSION'), 'not a database\n');
    const server = await start(dir);
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(`The embedded database in ${dir} cannot be opened`);
    expect(server.output()).not.toMatch(/^\s+at /m);
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  }, 120_000);
});
