import { importCommands } from '@loyalty/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { imports } from '../../db/schema/index.ts';
import { defineHandler } from '../../platform/commands.ts';
import { AppError } from '../../platform/errors.ts';
import { requestJobRun } from '../../platform/jobs.ts';
import { findImport, IMPORT_POST_JOB, type ImportRow, toImport } from './imports.service.ts';

/**
 * Pause and resume of a posting import (decisions/imports.md). The posting job's batches share the
 * import's row (FOR KEY SHARE: two workers at once), which a status change does not wait for (a
 * FOR UPDATE would wait for ever, the workers' batches overlapping); each batch's next claim finds
 * the import no longer QUEUED or POSTING: the job stops between batches, the batches under way
 * adding their counts. Resuming queues it again; the job continues at the first line without an
 * outcome, so nothing posts twice.
 */
async function setStatus(tx: Tx, id: number, from: readonly ImportRow['status'][], to: ImportRow['status']) {
  const refuse = (status: string) =>
    new AppError('CONFLICT', `The import is ${status}`, [
      { path: 'id', message: to === 'PAUSED' ? 'imports.notPausable' : 'imports.notResumable' },
    ]);
  const row = await findImport(tx, id);
  if (!from.includes(row.status)) throw refuse(row.status);
  const [changed] = (await tx
    .update(imports)
    .set({ status: to })
    .where(and(eq(imports.id, id), inArray(imports.status, [...from])))
    .returning()) as ImportRow[];
  if (!changed) throw refuse('changed meanwhile');
  return {
    result: toImport(changed),
    targetType: 'import',
    targetId: id,
    before: { status: row.status, posted: row.posted, progress: row.progress },
    after: { status: changed.status },
  };
}

export const importPauseHandlers = [
  defineHandler(importCommands.pause, async ({ tx }, { id }) =>
    setStatus(tx, id, ['QUEUED', 'POSTING'], 'PAUSED'),
  ),
  defineHandler(importCommands.resume, async ({ tx }, { id }) => {
    const outcome = await setStatus(tx, id, ['PAUSED'], 'QUEUED');
    await requestJobRun(tx, IMPORT_POST_JOB);
    return outcome;
  }),
];
