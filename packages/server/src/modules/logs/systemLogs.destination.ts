import type { Db } from '../../db/client.ts';
import { systemLogs } from '../../db/schema/index.ts';

type NewLog = typeof systemLogs.$inferInsert;

/** Lines at this pino level and above are always kept (warn). */
const KEEP_LEVEL = 40;
const FLUSH_MS = 250;
const MAX_BUFFER = 500;
const MAX_CONTEXT_CHARS = 16_000;
/** pino's own fields; everything else a line carries is the event's context. */
const envelope = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'category']);

/**
 * Which log lines are SystemLogs events, and as what:
 * - every warning and error (level ≥ 40), with the request id when the line has one;
 * - any line with a `category` field (`app.log.info({ category: 'startup' }, '…')`);
 * - job runs (lines with a `job` field, from platform/jobs.ts) as category `job`.
 */
export function toSystemLogEntry(line: string): NewLog | undefined {
  // Cheap test before parsing: pino lines start with {"level":NN
  const level = Number(line.slice(9, 11));
  const hasCategory = line.includes('"category":"');
  const isJob = line.includes('"job":"');
  if (!(level >= KEEP_LEVEL || hasCategory || isJob)) return undefined;
  let obj: Record<string, unknown>;
  try {
    obj = JSON.parse(line);
  } catch {
    return undefined;
  }
  const context = Object.fromEntries(Object.entries(obj).filter(([k]) => !envelope.has(k)));
  const json = JSON.stringify(context);
  const reqId = typeof obj.reqId === 'string' ? obj.reqId : undefined;
  const category = typeof obj.category === 'string' ? obj.category : isJob ? 'job' : reqId ? 'http' : 'app';
  return {
    at: new Date(typeof obj.time === 'number' ? obj.time : Date.now()),
    level: typeof obj.level === 'number' ? obj.level : level,
    category: category.slice(0, 50),
    message: String(obj.msg ?? '').slice(0, 2_000),
    requestId: reqId ?? null,
    context:
      json === '{}'
        ? null
        : json.length > MAX_CONTEXT_CHARS
          ? { truncated: json.slice(0, MAX_CONTEXT_CHARS) }
          : context,
  };
}

export interface SystemLogDestination {
  write(line: string): void;
  /** Writes what is buffered. */
  flush(): Promise<void>;
  /**
   * Writes what is buffered, and from then on lines go to `out` only: the app's last step on
   * close, before its database is closed (a line logged later would otherwise wait for a timer
   * and fail against the ended pool).
   */
  close(): Promise<void>;
}

/**
 * The server's log destination (pino `stream`): every line goes to `out` (stdout) as before, and
 * SystemLogs events are also written to the database in small batches, off the request path.
 * A failed write is reported on stderr, never logged back into itself. Once closed, lines reach
 * `out` only.
 */
export function systemLogDestination(
  db: Db,
  out: { write(line: string): unknown } = process.stdout,
): SystemLogDestination {
  let buffer: NewLog[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  let closed = false;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const batch = buffer;
    buffer = [];
    if (batch.length) {
      writing = writing.then(() =>
        db
          .insert(systemLogs)
          .values(batch)
          .then(
            () => undefined,
            (err: unknown) => {
              process.stderr.write(`system log write failed (${batch.length} events): ${String(err)}\n`);
            },
          ),
      );
    }
    return writing;
  };

  return {
    write(line) {
      out.write(line);
      const entry = closed ? undefined : toSystemLogEntry(line);
      if (!entry) return;
      buffer.push(entry);
      if (buffer.length >= MAX_BUFFER) void flush();
      else timer ??= setTimeout(() => void flush(), FLUSH_MS).unref();
    },
    flush,
    close() {
      closed = true;
      return flush();
    },
  };
}
