import { Worker } from 'node:worker_threads';
import { limits } from './limits.ts';
import { importFiles } from './spool.ts';

/**
 * The staging job's worker thread (decisions/imports.md "Staging in a worker thread"): on
 * PostgreSQL a received file is read, decoded, parsed, checked and inserted by a thread of its
 * own, with its own connections and a capped heap, so its garbage is collected early in its own
 * isolate and the API's event loop does not parse. On the embedded database (one in-process
 * connection) the main thread stages, as before.
 */
export const stagingThread = {
  /** The database the thread connects to; undefined: staged on the main thread. */
  url: undefined as string | undefined,
  /** The thread's old-space cap (MB). */
  heapMb: 64,
};

/** Set by buildApp: the thread on PostgreSQL unless IMPORT_STAGING_HEAP_MB is 0. */
export function useStagingThread(url: string | undefined, heapMb: number) {
  stagingThread.url = heapMb > 0 ? url : undefined;
  stagingThread.heapMb = heapMb;
}

/** What the thread is given (stagingWorker.ts): its database and the spool's settings. */
export interface StagingWorkerData {
  url: string;
  files: typeof importFiles;
}

/** A run's message to the thread: stage (with the limits as they are now), or stop. */
export interface StagingRunMessage {
  run: number;
  limits?: typeof limits;
  stop?: boolean;
}

/**
 * The thread died while it staged `importId` (if it had claimed one): out of memory (its heap cap
 * reached), or another fault.
 */
export class StagingThreadDied extends Error {
  constructor(
    message: string,
    readonly importId: number | undefined,
    readonly outOfMemory: boolean,
  ) {
    super(message);
  }
}

// From the build the entry is dist/stagingWorker.js beside dist/main.js (build.mjs emits both).
// From the sources (tsx, vitest) it is TypeScript: a thread does not inherit the main thread's
// loader (nor honour `--import tsx` for its entry on Node 20), so the thread registers tsx's
// loader first, then imports the entry.
const fromSources = import.meta.url.endsWith('.ts');
const entry = new URL(fromSources ? './stagingWorker.ts' : './stagingWorker.js', import.meta.url);
const source = fromSources
  ? `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); });`
  : entry;

/** The thread's young generation (MB): 4 MB semi-spaces. */
const YOUNG_MB = 12;

/** How long an idle thread is kept for the next file before it ends (its memory returned). */
const IDLE_MS = 10_000;

interface Thread {
  worker: Worker;
  url: string;
  runs: Map<number, { resolve: () => void; reject: (err: Error) => void; importId?: number }>;
  idle?: NodeJS.Timeout | undefined;
}
let thread: Thread | undefined;
let runs = 0;

/** The thread staging into `url`, started when none runs (the thread loads the code once). */
function threadFor(url: string): Thread {
  if (thread?.url === url) return thread;
  if (thread) void thread.worker.terminate();
  const workerData: StagingWorkerData = { url, files: { ...importFiles } };
  const worker = new Worker(source, {
    eval: fromSources,
    workerData,
    // Its young generation too: V8's default (16 MB semi-spaces, 48 MB in all) was half of the
    // thread's RSS; the staging's objects live one batch (decisions/imports.md "Memory").
    resourceLimits: { maxOldGenerationSizeMb: stagingThread.heapMb, maxYoungGenerationSizeMb: YOUNG_MB },
  });
  const started: Thread = { worker, url, runs: new Map() };
  const fail = (err: Error & { code?: string }) => {
    const outOfMemory = err.code === 'ERR_WORKER_OUT_OF_MEMORY';
    if (thread === started) thread = undefined;
    clearTimeout(started.idle);
    for (const run of started.runs.values())
      run.reject(new StagingThreadDied(err.message, run.importId, outOfMemory));
    started.runs.clear();
  };
  worker.on('message', ({ run, error, claimed }: { run: number; error?: string; claimed?: number }) => {
    const waiting = started.runs.get(run);
    if (claimed !== undefined) {
      if (waiting) waiting.importId = claimed;
      return;
    }
    started.runs.delete(run);
    if (error) waiting?.reject(new Error(error));
    else waiting?.resolve();
    if (!started.runs.size) idle(started);
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`The staging thread exited with code ${code}`)));
  thread = started;
  return started;
}

/** An idle thread does not keep the process alive, and ends after IDLE_MS. */
function idle(t: Thread) {
  t.worker.unref();
  t.idle = setTimeout(() => {
    // The next run starts a new thread.
    if (thread === t) thread = undefined;
    t.worker.postMessage({ close: true });
  }, IDLE_MS);
  t.idle.unref();
}

/**
 * Stages every received file in the worker thread until none waits or `stopping` (the thread
 * then stops at its next batch: its claim lapses and a later run stages the file again).
 */
export function stageInThread(url: string, stopping: AbortSignal): Promise<void> {
  const t = threadFor(url);
  clearTimeout(t.idle);
  t.worker.ref();
  const run = ++runs;
  const stop = () => t.worker.postMessage({ run, stop: true } satisfies StagingRunMessage);
  stopping.addEventListener('abort', stop, { once: true });
  return new Promise<void>((resolve, reject) => {
    t.runs.set(run, { resolve, reject });
    t.worker.postMessage({ run, limits: { ...limits } } satisfies StagingRunMessage);
  }).finally(() => stopping.removeEventListener('abort', stop));
}
