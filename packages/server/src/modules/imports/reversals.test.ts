import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers, ledgerEntries } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { channel, programmeFixtures } from '../loyalty/testing.ts';
import { IMPORT_POST_JOB } from './imports.service.ts';
import { limits } from './limits.ts';
import { form, gateImportPosting, staged } from './testing.ts';

// Reversals in transactions files (issue 49): a line with `reversalOf` takes back an earlier
// earning through the integration API's reversal path, once.

let t: TestApp;
let admin: { authorization: string };
let maker: { authorization: string };
let checker: { authorization: string };
let pos: ReturnType<typeof channel>;

const HEADER = 'externalId,customerNumber,transactionTypeCode,amount,occurredAt,reversalOf';
let unique = 0;
/** A transactions file of these lines; each call's file differs (a comment column). */
const csv = (...lines: string[]) => `${HEADER},note\n${lines.map((l) => `${l},n${++unique}`).join('\n')}\n`;
const at = '2026-11-01T10:00:00Z';

const upload = async (file: string, fields: Record<string, string> = { channel: 'POS' }) =>
  staged(
    t,
    await t.inject({ method: 'POST', url: '/api/admin/imports', as: maker, ...form(file, fields) }),
    maker,
  );
const get = async (id: number) =>
  (await t.inject({ method: 'GET', url: `/api/admin/imports/${id}`, as: admin })).json();

/** Posts an import as the maker, approves it as the checker, runs the job until it leaves the queue. */
async function approveAndPost(id: number) {
  const held = await t.inject({ method: 'POST', url: `/api/admin/imports/${id}/post`, as: maker });
  expect(held.statusCode).toBe(202);
  const approved = await t.inject({
    method: 'POST',
    url: `/api/admin/approval-requests/${held.json().requestId}/approve`,
    as: checker,
  });
  expect(approved.statusCode).toBe(200);
  for (let tries = 0; tries < 5; tries++) {
    await t.app.jobs.settled();
    await t.app.jobs.requestRun(IMPORT_POST_JOB);
    await t.app.jobs.tick(IMPORT_POST_JOB);
    await t.app.jobs.settled();
    const now = await get(id);
    if (now.status !== 'QUEUED' && now.status !== 'POSTING') return now;
  }
  return get(id);
}

const balanceOf = async (n: string) =>
  (await t.app.db.select().from(customers).where(eq(customers.customerNumber, n)))[0]?.balance;
/** The reversal entries of these earnings, as the ledger keeps them (the parts a reversal sets). */
async function reversalsOf(externalIds: string[]) {
  const rows = await t.app.db
    .select()
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.externalId, externalIds))
    .orderBy(ledgerEntries.id);
  const earnings = new Map(rows.filter((r) => r.kind === 'EARN').map((r) => [r.id, r]));
  return rows
    .filter((r) => r.kind === 'REVERSAL')
    .map((r) => ({
      reverses: earnings.get(r.reversalOf ?? 0)?.externalId,
      points: r.points,
      lot: r.lot,
      amount: r.amount,
      channel: r.channel,
      reference: r.reference?.replace(r.externalId ?? '', '<externalId>'),
    }));
}

const earn = (externalId: string, customerNumber: string, amount: number) =>
  pos('POST', '/transactions', {
    externalId,
    customerNumber,
    transactionTypeCode: 'SPEND',
    amount,
    occurredAt: at,
  });

beforeAll(async () => {
  t = await buildTestApp();
});

beforeAll(async () => {
  admin = await t.signIn();
  const fx = programmeFixtures(t, admin);
  await fx.tier('Blue', 0, 1_000_000);
  const spend = await fx.type('SPEND');
  await fx.rule({ transactionTypeId: spend.id, amount: 1, pointsPerTransaction: 1 });
  pos = channel(t, await fx.apiKey(['customers', 'transactions'], 'POS'));
  for (const n of ['V1', 'V2', 'V3', 'V4']) {
    expect((await pos('PUT', `/customers/${n}`, { fullName: `Customer ${n}` })).statusCode).toBe(201);
  }
  await gateImportPosting(t, admin);
  maker = await t.userWith(['import.create', 'import.post', 'import.read']);
  checker = await t.userWith(['import.read', 'approval.check']);
});

describe('a reversal line', () => {
  it('is refused by line when its earning is unknown, in another channel, later in the file, or reversed twice', async () => {
    expect((await earn('API-1', 'V1', 10)).statusCode).toBe(201);
    const res = await upload(
      csv(
        `,,,,,NOPE`, // line 2: no such earning
        `,,,,,LATER`, // line 3: its earning comes after it
        `LATER,V1,SPEND,5,${at},`,
        `,,,,,API-1`, // line 5: posted through the API in this channel: known
        `,,,,,API-1`, // line 6: the same reversal twice
      ),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'INVALID', lines: 5, invalidLines: 3 });
    expect(res.json().errors).toEqual([
      { line: 2, reason: 'unknownOriginal', field: 'reversalOf' },
      { line: 3, reason: 'unknownOriginal', field: 'reversalOf' },
      { line: 6, reason: 'duplicateExternalId', field: 'externalId' },
    ]);
    // The API's earning is another channel's to a file posted for the back office.
    const office = await upload(csv(`,,,,,API-1`), {});
    expect(office.json().errors).toEqual([{ line: 2, reason: 'unknownOriginal', field: 'reversalOf' }]);
  });

  it('is checked against the lines staged before when the file spans batches (nothing of it kept in memory)', async () => {
    const size = limits.stageBatch;
    limits.stageBatch = 2;
    try {
      const res = await upload(
        csv(
          `B-1,V1,SPEND,5,${at},`, // line 2
          `B-2,NOBODY,SPEND,5,${at},`, // line 3: unknown customer
          `,,,,,B-1`, // line 4: an earning of an earlier batch
          `B-1,V1,SPEND,6,${at},`, // line 5: its externalId again
          `,,,,,B-2`, // line 6: the earning's line was refused
          `,,,,,B-1`, // line 7: the same reversal again
        ),
      );
      expect(res.json()).toMatchObject({ status: 'INVALID', lines: 6, invalidLines: 4 });
      expect(res.json().errors).toEqual([
        { line: 3, reason: 'unknownCustomer', field: 'customerNumber' },
        { line: 5, reason: 'duplicateExternalId', field: 'externalId' },
        { line: 6, reason: 'unknownOriginal', field: 'reversalOf' },
        { line: 7, reason: 'duplicateExternalId', field: 'externalId' },
      ]);
    } finally {
      limits.stageBatch = size;
    }
  });

  it("takes back an earning as the API's reversal does, from the file or posted before, once", async () => {
    expect((await earn('API-2', 'V2', 40)).statusCode).toBe(201);
    expect((await earn('API-3', 'V3', 40)).statusCode).toBe(201);
    expect((await pos('POST', '/transactions/API-3/reversal')).statusCode).toBe(201);
    const res = await upload(
      csv(`F-1,V2,SPEND,25,${at},`, `F-2,V2,SPEND,7,${at},`, `R-1,,,,,F-1`, `,V2,SPEND,40,${at},API-2`),
    );
    expect(res.json()).toMatchObject({ status: 'VALIDATED', lines: 4, invalidLines: 0 });
    const done = await approveAndPost(res.json().id);
    // Two earnings (32) and two reversals (-25, -40).
    expect(done).toMatchObject({ status: 'DONE', posted: 4, duplicates: 0, points: -33, refused: {} });
    expect(await balanceOf('V2')).toBe(7);
    // The file's reversal is the API's reversal: the same entry.
    const [byFile] = await reversalsOf(['API-2']);
    const [byApi] = await reversalsOf(['API-3']);
    expect({ ...byFile, reverses: 'X' }).toEqual({ ...byApi, reverses: 'X' });
    expect(byFile).toMatchObject({ reverses: 'API-2', points: -40, channel: 'POS' });
    expect(await reversalsOf(['F-1'])).toMatchObject([{ reverses: 'F-1', points: -25 }]);

    // Reversed again (by a second file, or one reversing what the API reversed): duplicates.
    const again = await upload(csv(`,,,,,F-1`, `,,,,,API-3`));
    expect(again.json()).toMatchObject({ status: 'VALIDATED', invalidLines: 0 });
    expect(await approveAndPost(again.json().id)).toMatchObject({
      status: 'DONE',
      posted: 0,
      duplicates: 2,
      points: 0,
    });
    expect(await balanceOf('V2')).toBe(7);
    expect(await balanceOf('V3')).toBe(0);
    expect(await reversalsOf(['F-1', 'API-2', 'API-3'])).toHaveLength(3);
  });

  it("is refused by line when its earning's own line was refused while posting", async () => {
    const res = await upload(csv(`G-1,V4,SPEND,30,${at},`, `,,,,,G-1`));
    expect(res.json()).toMatchObject({ status: 'VALIDATED', invalidLines: 0 });
    // Blocked after validation: the engine refuses the earning, so its reversal finds nothing.
    await t.app.db.update(customers).set({ status: 'BLOCKED' }).where(eq(customers.customerNumber, 'V4'));
    expect(await approveAndPost(res.json().id)).toMatchObject({
      status: 'DONE',
      posted: 0,
      refused: { NOT_ACTIVE: 1, NOT_FOUND: 1 },
    });
    expect(await balanceOf('V4')).toBe(0);
  });
});
