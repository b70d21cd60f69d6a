import { inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { ledgerEntries } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { channel, programmeFixtures } from '../loyalty/testing.ts';
import { IMPORT_POST_JOB, postImportBatch } from './imports.service.ts';
import { limits } from './limits.ts';
import { form, gateImportPosting, staged } from './testing.ts';

let t: TestApp;
let admin: { authorization: string };
let operator: { authorization: string };
let reader: { authorization: string };
let checker: { authorization: string };
const HEADER = 'externalId,customerNumber,transactionTypeCode,amount,occurredAt';

const get = async (id: number) =>
  (await t.inject({ method: 'GET', url: `/api/admin/imports/${id}`, as: admin })).json();
const act = (id: number, action: 'pause' | 'resume' | 'post', as = operator) =>
  t.inject({ method: 'POST', url: `/api/admin/imports/${id}/${action}`, as });

async function runJob() {
  await t.app.jobs.settled();
  await t.app.jobs.requestRun(IMPORT_POST_JOB);
  await t.app.jobs.tick(IMPORT_POST_JOB);
  await t.app.jobs.settled();
}

beforeAll(async () => {
  t = await buildTestApp();
});

beforeAll(async () => {
  admin = await t.signIn();
  const fx = programmeFixtures(t, admin);
  await fx.tier('Blue', 0, 1_000_000);
  const spend = await fx.type('SPEND');
  await fx.rule({ transactionTypeId: spend.id, amount: 1, pointsPerTransaction: 1 });
  const pos = channel(t, await fx.apiKey(['customers'], 'POS'));
  expect((await pos('PUT', '/customers/P1', { fullName: 'Customer P1' })).statusCode).toBe(201);
  // Posting waits for a checker (whose approval starts no job run: the test runs the batches).
  await gateImportPosting(t, admin);
  checker = await t.userWith(['import.read', 'approval.check']);
  operator = await t.userWith([
    'import.read',
    'import.create',
    'import.post',
    'import.pause',
    'import.resume',
  ]);
  reader = await t.userWith(['import.read']);
  const hook = await t.inject({
    method: 'POST',
    url: '/api/admin/webhook-endpoints',
    as: admin,
    payload: { url: 'http://127.0.0.1:9/hook', events: ['import.finished'], description: 'warehouse' },
  });
  expect(hook.statusCode).toBe(201);
});

describe('POST /api/admin/imports/{id}/pause and /resume', () => {
  it('stops the job between batches and resumes where it stopped: every line posts once', async () => {
    const ids = Array.from({ length: 7 }, (_, i) => `PZ-${i}`);
    const file = `${HEADER}\n${ids.map((x) => `${x},P1,SPEND,10,2026-11-05T10:00:00Z`).join('\n')}\n`;
    const created = await staged(
      t,
      await t.inject({
        method: 'POST',
        url: '/api/admin/imports',
        as: operator,
        ...form(file, {}, 'night.csv'),
      }),
      operator,
    );
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    // Not posting yet: nothing to pause.
    const early = await act(id, 'pause');
    expect(early.statusCode).toBe(409);
    expect(early.json().errors).toEqual([{ path: 'id', message: 'imports.notPausable' }]);
    const held = await act(id, 'post');
    expect(held.statusCode).toBe(202);
    // The post route's own kick of the job, over before the approval queues the import: else, on a
    // busy machine, it posted a second batch before the pause (6, not 3).
    await t.app.jobs.settled();
    const approved = await t.inject({
      method: 'POST',
      url: `/api/admin/approval-requests/${held.json().requestId}/approve`,
      as: checker,
    });
    expect(approved.statusCode).toBe(200);
    const size = limits.batchSize;
    limits.batchSize = 3;
    try {
      // One batch commits, then staff pause: the job stops there.
      await postImportBatch(t.app.db);
      expect((await act(id, 'pause', reader)).statusCode).toBe(403);
      const paused = await act(id, 'pause');
      expect(paused.statusCode).toBe(200);
      expect(paused.json()).toMatchObject({ status: 'PAUSED', posted: 3 });
      await runJob();
      expect(await get(id)).toMatchObject({ status: 'PAUSED', posted: 3, progress: 42 });
      expect((await act(id, 'pause')).statusCode).toBe(409);
      expect((await act(id, 'resume', reader)).statusCode).toBe(403);
      const resumed = await act(id, 'resume');
      expect(resumed.statusCode).toBe(200);
      expect(resumed.json()).toMatchObject({ status: 'QUEUED', posted: 3 });
      await runJob();
    } finally {
      limits.batchSize = size;
    }
    expect(await get(id)).toMatchObject({
      status: 'DONE',
      posted: 7,
      duplicates: 0,
      points: 70,
      progress: 100,
    });
    const entries = await t.app.db.select().from(ledgerEntries).where(inArray(ledgerEntries.externalId, ids));
    expect(entries.map((e) => e.externalId).sort()).toEqual(ids);
    expect((await act(id, 'resume')).json().errors).toEqual([
      { path: 'id', message: 'imports.notResumable' },
    ]);
    // Every call audited (this file's only import): refusals and denials too; a change with its import.
    const audited = rowsOf<{ command: string; outcome: string }>(
      await t.app.db.execute(sql`select command, outcome from audit_log
        where command in ('import.pause', 'import.resume') order by seq`),
    );
    expect(audited).toEqual([
      { command: 'import.pause', outcome: 'FAILED' },
      { command: 'import.pause', outcome: 'DENIED' },
      { command: 'import.pause', outcome: 'SUCCESS' },
      { command: 'import.pause', outcome: 'FAILED' },
      { command: 'import.resume', outcome: 'DENIED' },
      { command: 'import.resume', outcome: 'SUCCESS' },
      { command: 'import.resume', outcome: 'FAILED' },
    ]);
    const changes = rowsOf<{ command: string; before: unknown; after: unknown }>(
      await t.app.db.execute(sql`select command, before, after from audit_log
        where target_type = 'import' and target_id = ${String(id)} and outcome = 'SUCCESS'
          and command in ('import.pause', 'import.resume') order by seq`),
    );
    expect(changes).toEqual([
      {
        command: 'import.pause',
        before: { status: 'POSTING', posted: 3, progress: 42 },
        after: { status: 'PAUSED' },
      },
      {
        command: 'import.resume',
        before: { status: 'PAUSED', posted: 3, progress: 42 },
        after: { status: 'QUEUED' },
      },
    ]);
    // import.finished is queued once, when the import is DONE (not when paused).
    const events = rowsOf<{ payload: Record<string, unknown> }>(
      await t.app.db.execute(
        sql`select payload from webhook_events where type = 'import.finished' and payload->>'importId' = ${String(id)}`,
      ),
    );
    expect(events.map((e) => e.payload)).toEqual([
      expect.objectContaining({ status: 'DONE', posted: 7, fileName: 'night.csv', kind: 'TRANSACTIONS' }),
    ]);
  });
});
