import { importCommands } from '@loyalty/contracts';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { imports } from '../../db/schema/index.ts';
import { defineHandler } from '../../platform/commands.ts';
import { AppError } from '../../platform/errors.ts';
import { requestJobRun } from '../../platform/jobs.ts';
import { findImport, IMPORT_POST_JOB, type ImportRow, toImport } from './imports.service.ts';

/**
 * Pause and resume of a posting import (decisions/imports.md). The posting job holds the import's
 * row for each batch (FOR UPDATE), so a pause waits for the batch under way to commit and the job
 * then finds the import no longer QUEUED or POSTING: it stops between batches. Resuming queues it
 * again; the job continues at the first line without an outcome, so nothing posts twice.
 */
async function setStatus(tx: Tx, id: number, from: readonly ImportRow['status'][], to: ImportRow['status']) {
  const row = await findImport(tx, id, true);
  if (!from.includes(row.status)) {
    throw new AppError('CONFLICT', `The import is ${row.status}`, [
      { path: 'id', message: to === 'PAUSED' ? 'imports.notPausable' : 'imports.notResumable' },
    ]);
  }
  const [changed] = (await tx.update(imports).set({ status: to }).where(eq(imports.id, id)).returning()) as [
    ImportRow,
  ];
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
