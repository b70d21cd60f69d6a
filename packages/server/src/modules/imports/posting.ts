import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { imports } from '../../db/schema/index.ts';
import { findOrFail } from '../../platform/records.ts';
import type { EarningRow } from '../loyalty/index.ts';
import type { ImportKindHandler, ImportRow, LineOutcome } from './kinds/kind.ts';
import { importKindHandlers } from './kinds/registry.ts';
import { limits } from './limits.ts';

/**
 * The posting of approved imports (decisions/imports.md "Posting"). A batch is one transaction: its
 * lines posted, their outcomes and the import's counts, so a restart resumes at the first line
 * without an outcome and nothing posts twice. A kind with a `partition` (its lines' customer,
 * staged as `post_key`; a reversal's is its earning's customer) posts with `limits.postWorkers`
 * connections at once, each taking in file order the lines of its share of the customers; a line
 * without one is a barrier, posted alone once every line before it has posted, and before any
 * line after it.
 */

/** The lines a worker may take: after `after`, before `before`, whose partition is `part` of `of`. */
export interface Share {
  part: number;
  of: number;
  after: number;
  before: number | null;
}

const whole: Share = { part: 0, of: 1, after: 0, before: null };

/** What each engine outcome counts as. */
const counted = (outcome: EarningRow['outcome']) =>
  outcome === 'POSTED' ? 'posted' : outcome === 'REPLAYED' ? 'duplicates' : 'refused';

/** An import waiting to post (`id`: that one), shared with the other workers (FOR KEY SHARE). */
async function claim(tx: Parameters<Parameters<Db['transaction']>[0]>[0], id?: number) {
  const [row] = rowsOf<{ id: number }>(
    await tx.execute(sql`select id from imports where status in ('QUEUED', 'POSTING')
      ${id === undefined ? sql`` : sql`and id = ${id}`}
      order by id limit 1 for key share skip locked`),
  );
  return row
    ? (findOrFail(tx, imports, imports.id, Number(row.id), 'Import') as Promise<ImportRow>)
    : undefined;
}

/** A line of `import_lines l` without an outcome. */
const notPosted = (id: number) =>
  sql`not exists (select 1 from import_outcomes o where o.import_id = ${id} and o.line = l.line)`;

/** The counts of a batch's outcomes. */
function tally(outcomes: LineOutcome[]) {
  let posted = 0;
  let duplicates = 0;
  let points = 0;
  const refused: Record<string, number> = {};
  for (const o of outcomes) {
    const kind = counted(o.outcome as EarningRow['outcome']);
    if (kind === 'posted') {
      posted += 1;
      points += o.points ?? 0;
    } else if (kind === 'duplicates') duplicates += 1;
    else refused[o.outcome] = (refused[o.outcome] ?? 0) + 1;
  }
  return { posted, duplicates, points, refused };
}

/** Where a batch ends so that a line its kind posts last is not posted after a later line of its customer. */
function endAtPostedLast(
  handler: ImportKindHandler,
  lines: { data: Record<string, string>; key: string | null }[],
) {
  const last = handler.postsLast;
  if (!last) return lines.length;
  const lastOf = new Map(lines.map((l, i) => [l.key, i]));
  const end = lines.findIndex((l, i) => last(l.data) && (lastOf.get(l.key) ?? i) > i);
  return end < 0 ? lines.length : end + 1;
}

/**
 * What a batch did: its last line posted, a window of the file passed over (none of its lines left
 * to the share), 'done' when the share has none left, or null when no import is waiting.
 */
type Posted = number | { passed: number } | 'done' | null;

/**
 * Posts one batch of the import's lines in `share` not posted yet (`id`: of that import, null when
 * it no longer waits).
 * The counts are added to the import's (another worker's batches add theirs), its progress from them.
 */
async function postShare(db: Db, share: Share, id?: number): Promise<Posted> {
  return db.transaction(async (tx) => {
    const imp = await claim(tx, id);
    if (!imp) return null;
    // The share's lock (another run of the job, here or on another instance, posting the same lines
    // waits for nothing: it stops); a whole share holds every worker's.
    const parts =
      share.of > 1 ? [share.part] : Array.from({ length: Math.max(1, limits.postWorkers) }, (_, i) => i);
    const [lock] = rowsOf<{ mine: boolean }>(
      await tx.execute(sql`select bool_and(pg_try_advisory_xact_lock(hashtext('imports.post'), ${imp.id} * 64 + p))
        as mine from unnest(${`{${parts.join(',')}}`}::int[]) p`),
    );
    if (!lock?.mine) return null;
    // A batch lost in a crash before its WAL reached the disk is lost whole (its lines without an
    // outcome): the next run posts it again. Its commit does not wait for the disk.
    await tx.execute(sql`set local synchronous_commit = off`);
    const handler = importKindHandlers[imp.kind];
    // The lines read: a window of the file about two batches of the share long, by the primary key. The
    // import's statistics, taken before its lines were staged, otherwise planned a bitmap of every
    // line left and a sort at each batch (2.8 s a batch at 1,000,000 lines).
    const window = share.after + 2 * limits.batchSize * share.of;
    const beforeEnd: SQL = share.before === null ? sql`` : sql`and line < ${share.before}`;
    const partition: SQL =
      share.of > 1 && handler.partition
        ? sql`and (hashtext(post_key) & 2147483647) % ${share.of} = ${share.part}`
        : sql``;
    const read = rowsOf<{
      line: number;
      data: Record<string, string>;
      alone: boolean;
      post_key: string | null;
    }>(
      await tx.execute(sql`select line, data, post_key, ${handler.partition ? sql`post_key is null` : sql`false`} as alone
        from import_lines l
        where import_id = ${imp.id} and reason is null and ${notPosted(imp.id)}
          and line > ${share.after} and line <= ${window} ${beforeEnd} ${partition}
        order by line limit ${limits.batchSize}`),
    ).map((l) => ({ line: Number(l.line), data: l.data, alone: l.alone, key: l.post_key }));
    // A line without a partition posts alone, after the lines before it and before those after it.
    const cut = read.findIndex((l) => l.alone);
    const upTo = cut === 0 ? read.slice(0, 1) : cut > 0 ? read.slice(0, cut) : read;
    const lines = upTo.slice(0, endAtPostedLast(handler, upTo));
    const last = lines[lines.length - 1];
    if (!last) {
      // Nothing of the share in this window: the next one, while the file has lines beyond it.
      const [beyond] = rowsOf<{ line: number }>(
        await tx.execute(sql`select line from import_lines where import_id = ${imp.id} and line > ${window}
          ${beforeEnd} order by line limit 1`),
      );
      return beyond ? { passed: window } : 'done';
    }
    const outcomes = await handler.post(tx, imp, lines);
    const list = (f: (o: LineOutcome) => number | string | null) =>
      `{${outcomes.map((o) => f(o) ?? 'NULL').join(',')}}`;
    await tx.execute(sql`insert into import_outcomes (import_id, line, outcome, entry_id, points)
      select ${imp.id}, o.* from unnest(${list((o) => o.line)}::int[], ${list((o) => JSON.stringify(o.outcome))}::text[],
          ${list((o) => o.entryId)}::bigint[], ${list((o) => o.points)}::int[])
        as o(line, outcome, entry_id, points)`);
    const t = tally(outcomes);
    const add = JSON.stringify(t.refused);
    // Relative to the row as it is now (another worker's batch may have committed since the claim).
    const outcomesNow = sql`${imports.posted} + ${t.posted} + ${imports.duplicates} + ${t.duplicates}
      + (select coalesce(sum(value::int), 0) from jsonb_each_text(${imports.refused}))
      + ${outcomes.length - t.posted - t.duplicates} - ${imports.invalidLines}`;
    await tx.execute(sql`update imports set
        status = case when status = 'QUEUED' then 'POSTING' else status end,
        started_at = coalesce(started_at, now()),
        posted = posted + ${t.posted}, duplicates = duplicates + ${t.duplicates}, points = points + ${t.points},
        refused = (select coalesce(jsonb_object_agg(k, n), '{}'::jsonb) from (
          select key as k, sum(value::int) as n
            from (select * from jsonb_each_text(refused) union all select * from jsonb_each_text(${add}::jsonb)) r
            group by key) s),
        progress = case when lines > invalid_lines
          then least(99, floor((${outcomesNow}) * 100 / (lines - invalid_lines)))::int else 99 end
      where id = ${imp.id}`);
    return last.line;
  });
}

/** Marks the import DONE when none of its valid lines is left without an outcome. */
async function finish(db: Db, id?: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const imp = await claim(tx, id);
    if (!imp) return false;
    await tx.execute(sql`update imports set status = 'DONE', progress = 100, finished_at = now()
      where id = ${imp.id} and not exists (select 1 from import_lines l
        where import_id = ${imp.id} and reason is null and ${notPosted(imp.id)})`);
    return true;
  });
}

/**
 * Posts one batch of the first waiting import, the whole file in order (one worker), or marks it
 * DONE when nothing is left. Answers false when no import is waiting.
 */
export async function postImportBatch(db: Db): Promise<boolean> {
  // From the first line, past the windows whose lines have all posted.
  for (let after = 0; ; ) {
    const last = await postShare(db, { ...whole, after });
    if (last === null) return false;
    if (last === 'done') return finish(db);
    if (typeof last === 'number') return true;
    after = last.passed;
  }
}

/** A conflict between concurrent transactions (deadlock, serialization): the batch is posted again. */
const transient = (err: unknown) => {
  const code =
    (err as { code?: string; cause?: { code?: string } }).code ??
    (err as { cause?: { code?: string } }).cause?.code;
  return code === '40P01' || code === '40001';
};

/** One worker: batch after batch of its share until none is left, the import stops, or `halt` says so. */
async function work(db: Db, id: number, share: Share, halt: { stop: boolean }): Promise<boolean> {
  let after = share.after;
  for (let retries = 0; !halt.stop; ) {
    let last: Posted;
    try {
      last = await postShare(db, { ...share, after }, id);
    } catch (err) {
      if (!transient(err) || retries++ >= 3) throw err;
      continue;
    }
    if (last === null) return false;
    if (last === 'done') return true;
    after = typeof last === 'number' ? last : last.passed;
  }
  return false;
}

/**
 * Posts one import to its end (or until it is paused, fails or the server stops): its partitioned
 * lines by `limits.postWorkers` workers between its barriers, each barrier alone.
 */
async function postImport(db: Db, id: number, stopping?: AbortSignal): Promise<void> {
  const [row] = rowsOf<{ kind: ImportRow['kind'] }>(
    await db.execute(sql`select kind from imports where id = ${id}`),
  );
  const handler = row && importKindHandlers[row.kind];
  const workers = handler?.partition ? Math.max(1, limits.postWorkers) : 1;
  // The barriers: the lines left without a partition, each posted once every line before it has.
  const barriers = handler?.partition
    ? rowsOf<{ line: number }>(
        await db.execute(sql`select line from import_lines l
          where import_id = ${id} and reason is null and post_key is null and ${notPosted(id)}
          order by line`),
      ).map((r) => Number(r.line))
    : [];
  const halt = { stop: false };
  const abort = () => {
    halt.stop = true;
  };
  stopping?.addEventListener('abort', abort);
  try {
    let after = 0;
    for (const barrier of [...barriers, null]) {
      const shares = Array.from({ length: workers }, (_, part) => ({
        part,
        of: workers,
        after,
        before: barrier,
      }));
      const ran = await Promise.allSettled(
        shares.map((s) =>
          work(db, id, s, halt).catch((err) => {
            halt.stop = true;
            throw err;
          }),
        ),
      );
      const failed = ran.find((r) => r.status === 'rejected');
      if (failed) throw (failed as PromiseRejectedResult).reason;
      if (ran.some((r) => r.status === 'fulfilled' && !r.value) || halt.stop) return;
      if (barrier === null) break;
      if (!(await work(db, id, { ...whole, after: barrier - 1, before: barrier + 1 }, halt))) return;
      after = barrier;
    }
    await finish(db, id);
  } finally {
    stopping?.removeEventListener('abort', abort);
  }
}

/**
 * The imports this process is posting: the job's runs overlap when one lasts longer than its
 * interval, and a second run leaves the posting to the first (at most `limits.postWorkers`
 * connections post here at once).
 */
const posting = new Set<number>();

/** Posts every queued import; a failed batch marks its import FAILED (re-queued by `import.post`). */
export async function postQueuedImports(db: Db, stopping?: AbortSignal): Promise<void> {
  if (posting.size > 0) return;
  const tried = new Set<number>();
  while (!stopping?.aborted) {
    const [row] = rowsOf<{ id: number }>(
      await db.execute(sql`select id from imports where status in ('QUEUED', 'POSTING') order by id limit 1`),
    );
    // None waits, or the first waiting one was posted as far as it goes (another instance holds it).
    if (!row || tried.has(Number(row.id))) return;
    const id = Number(row.id);
    tried.add(id);
    posting.add(id);
    try {
      await postImport(db, id, stopping);
    } catch (err) {
      // The batch rolled back: the import stops here, its posted lines kept. The database's own
      // message first (the failed query's text and parameters after it).
      const cause = (err as { cause?: unknown }).cause;
      const error = `${cause ? `${String(cause)}; ` : ''}${String(err)}`.slice(0, 500);
      await db.execute(sql`update imports set status = 'FAILED', error = ${error}
        where id = ${id} and status in ('QUEUED', 'POSTING')`);
    } finally {
      posting.delete(id);
    }
  }
}
