/**
 * One process at a time on an embedded data folder. Two PGlite instances on one folder each keep
 * their own copy of the database in memory and overwrite each other's files, so acknowledged
 * writes vanish. The lock is a file in the folder, created exclusively, naming its holder: PID,
 * host, and the process's start time (Linux), so a lock left by a crash is recognised as stale
 * even when its PID has since been given to another process. Decision in docs/decisions/foundation.md.
 */
import { linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

export const LOCK_FILE = '.loyalty-admin.lock';

export interface LockHolder {
  pid: number;
  hostname: string;
  /** When the holder took the lock (ISO time). */
  startedAt: string;
  /** The holder's start time in clock ticks since boot (/proc/<pid>/stat field 22); null off Linux. */
  processStart: string | null;
}

/** The embedded data folder cannot be used: locked by another process, or unreadable to PGlite. */
export class DataDirError extends Error {}

export class DataDirLockedError extends DataDirError {
  constructor(
    message: string,
    readonly holder: LockHolder | undefined,
  ) {
    super(message);
  }
}

export interface DataDirLock {
  readonly file: string;
  /** The stale lock this one replaced, if any. */
  readonly tookOver: LockHolder | undefined;
  /** Removes the lock file (when it is still ours); safe to call more than once. */
  release(): void;
}

/** Start time of a process (clock ticks since boot), or null when it cannot be read (not Linux, gone). */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2 (the command) is in parentheses and may hold spaces; field 22 is the 20th after it.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by another user
  }
}

/** The lock file's text and its holder, or 'unreadable' for a file that does not name one. */
function readHolder(file: string): { text: string; holder: LockHolder | 'unreadable' } | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  try {
    const h = JSON.parse(text) as LockHolder;
    const valid = Number.isInteger(h.pid) && h.pid > 0 && typeof h.hostname === 'string';
    return { text, holder: valid ? h : 'unreadable' };
  } catch {
    return { text, holder: 'unreadable' };
  }
}

/** Creates `file` with `content` only if it does not exist; never leaves a half-written lock visible. */
function createExclusive(file: string, content: string): boolean {
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  writeFileSync(tmp, content, { flag: 'wx' });
  try {
    linkSync(tmp, file);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw err;
    // A file system without hard links: exclusive create (a reader may briefly see it empty).
    try {
      writeFileSync(file, content, { flag: 'wx' });
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw e;
    }
  } finally {
    unlinkSync(tmp);
  }
}

const readText = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};
const removeFile = (file: string) => {
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
};
const ageMs = (file: string) => {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return 0;
  }
};
const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
const held = new Set<DataDirLock>();
const releaseAll = () => {
  for (const lock of held) lock.release();
};

/** "process 123 on host web-1 (since 2026-05-01T10:00:00.000Z)" */
export const describeHolder = (h: LockHolder) =>
  `process ${h.pid} on host ${h.hostname} (since ${h.startedAt})`;

/**
 * Takes the lock on an embedded data folder (creating the folder), or throws DataDirLockedError
 * naming the live holder. A lock whose holder is gone is taken over (`tookOver`). Held until
 * `release()` or the end of the process.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  try {
    return acquire(dataDir);
  } catch (err) {
    if (err instanceof DataDirError || !(err as NodeJS.ErrnoException).code) throw err;
    // Not a folder, no permission, read-only file system…
    throw new DataDirError(`The data folder ${dataDir} cannot be used: ${(err as Error).message}`, {
      cause: err,
    });
  }
}

function acquire(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const guard = `${file}.takeover`;
  const me: LockHolder = {
    pid: process.pid,
    hostname: hostname(),
    startedAt: new Date().toISOString(),
    processStart: processStartTime(process.pid),
  };
  const content = JSON.stringify(me);
  let tookOver: LockHolder | undefined;

  for (let attempt = 0; attempt < 100; attempt++) {
    if (createExclusive(file, content)) {
      const lock: DataDirLock = {
        file,
        tookOver,
        release() {
          if (!held.delete(lock)) return;
          if (readText(file) === content) removeFile(file);
          if (held.size === 0) process.off('exit', releaseAll);
        },
      };
      if (held.size === 0) process.on('exit', releaseAll);
      held.add(lock);
      return lock;
    }
    const found = readHolder(file);
    if (!found) continue;
    const { holder } = found;
    if (holder === 'unreadable') {
      // Being written on a file system without hard links, or left damaged: stale after a while.
      if (ageMs(file) < 10_000) {
        sleep(100);
        continue;
      }
    } else if (holder.hostname !== me.hostname) {
      throw new DataDirLockedError(
        `The data folder ${dataDir} is locked by ${describeHolder(holder)}, which cannot be checked from this host (${me.hostname}).\n` +
          'If that process is running, stop it first, or give this one a different DATA_DIR. ' +
          `If it is certainly not running, delete ${file} and start again.`,
        holder,
      );
    } else if (isAlive(holder.pid)) {
      const now = processStartTime(holder.pid);
      if (!holder.processStart || !now || now === holder.processStart) {
        throw new DataDirLockedError(
          `The data folder ${dataDir} is in use by another Loyalty Admin process: ${describeHolder(holder)}.\n` +
            'Two processes on one embedded database lose each other’s writes, so this one will not start. ' +
            'Stop the other process first, or give this one a different DATA_DIR.',
          holder,
        );
      }
      // The PID now belongs to another process: the holder is gone.
    }
    // Stale. Only the one starter holding the takeover guard may remove it, and only if it is
    // still the lock judged stale, so two starters that both saw it cannot both win.
    if (!createExclusive(guard, content)) {
      // A guard older than a takeover takes was left by a starter that died in it.
      if (ageMs(guard) > 10_000) removeFile(guard);
      else sleep(50);
      continue;
    }
    try {
      if (readText(file) === found.text) {
        removeFile(file);
        tookOver = holder === 'unreadable' ? undefined : holder;
      }
    } finally {
      removeFile(guard);
    }
  }
  throw new DataDirLockedError(
    `Could not take the lock on the data folder ${dataDir} (${file}); try again.`,
    undefined,
  );
}
