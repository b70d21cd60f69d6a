import { and, eq, inArray, sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { customers, ledgerEntries } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { channel, programmeFixtures } from '../loyalty/testing.ts';
import { IMPORT_POST_JOB, postImportBatch } from './imports.service.ts';
import { limits } from './limits.ts';
import { approveAndRun, fileFaultOf, form, gateImportPosting, staged } from './testing.ts';

let t: TestApp;
let admin: { authorization: string };
let maker: { authorization: string };
let checker: { authorization: string };
let pos: ReturnType<typeof channel>;
let otherKey: ReturnType<typeof channel>;
let posKey: Record<string, string>;
let noScopeKey: Record<string, string>;

const HEADER = 'externalId,customerNumber,transactionTypeCode,amount,occurredAt';
let unique = 0;
/** A file of these lines under the default header; each call's file differs (a comment column). */
const csv = (...lines: string[]) => `${HEADER},note\n${lines.map((l) => `${l},n${++unique}`).join('\n')}\n`;

/** A multipart body sent with the POS key. */
const withKey = (body: ReturnType<typeof form>) => ({ ...body, headers: { ...body.headers, ...posKey } });

const upload = async (file: string | Uint8Array, fields: Record<string, string> = {}, as = maker) =>
  staged(t, await t.inject({ method: 'POST', url: '/api/admin/imports', as, ...form(file, fields) }), as);
const get = async (id: number) =>
  (await t.inject({ method: 'GET', url: `/api/admin/imports/${id}`, as: admin })).json();

/** Runs the posting job: the run a route started (it kicks the job after its command), then a due one. */
async function runJob() {
  await t.app.jobs.settled();
  await t.app.jobs.tick(IMPORT_POST_JOB);
  await t.app.jobs.settled();
}

/** Posts an import as the maker, approves it as the checker, runs the job: answers the import. */
const approveAndPost = (id: number) => approveAndRun(t, id, maker, checker);

const entriesOf = (externalIds: string[]) =>
  t.app.db.select().from(ledgerEntries).where(inArray(ledgerEntries.externalId, externalIds));
const balanceOf = async (n: string) =>
  (await t.app.db.select().from(customers).where(eq(customers.customerNumber, n)))[0]?.balance;

// Two hooks, each with its own time: the app, then the programme and the people (a busy machine).
beforeAll(async () => {
  t = await buildTestApp();
});

beforeAll(async () => {
  admin = await t.signIn();
  const fx = programmeFixtures(t, admin);
  await fx.tier('Blue', 0, 1_000_000);
  const spend = await fx.type('SPEND');
  await fx.type('REDEEMX', 'REDEEM');
  await fx.rule({ transactionTypeId: spend.id, amount: 1, pointsPerTransaction: 1 });
  posKey = await fx.apiKey(['customers', 'transactions', 'imports'], 'POS');
  pos = channel(t, posKey);
  otherKey = channel(t, await fx.apiKey(['imports'], 'BRANCH'));
  noScopeKey = await fx.apiKey(['transactions'], 'POS');
  for (const n of ['C1', 'C2', 'C3', 'A1', 'B1', 'W1']) {
    expect((await pos('PUT', `/customers/${n}`, { fullName: `Customer ${n}` })).statusCode).toBe(201);
  }
  // Maker-checker's settings are a safeguard: set them before a second checker exists.
  await gateImportPosting(t, admin);
  maker = await t.userWith(['import.create', 'import.post', 'import.read']);
  checker = await t.userWith(['import.read', 'approval.check']);
});

describe('a staff upload', () => {
  it('is staged and previewed, approved by a second person, posted by the job through the engine', async () => {
    // A BOM, semicolons, and a quoted field holding the delimiter, a comma and a line break.
    const file = `\uFEFF${HEADER.replaceAll(',', ';')};note\nH-1;C1;SPEND;100;2026-11-01T10:00:00Z;"a; b, c\nd"\nH-2;C2;spend;50.5;2026-11-01T11:00:00+03:00;x\n`;
    const res = await upload(file, { channel: 'POS' });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      status: 'VALIDATED',
      lines: 2,
      invalidLines: 0,
      channel: 'POS',
      errors: [],
    });
    const preview = (
      await t.inject({ method: 'GET', url: `/api/admin/imports/${created.id}/preview`, as: maker })
    ).json();
    expect(preview.rows).toEqual([
      { line: 3, values: ['H-1', 'C1', 'SPEND', '100', '2026-11-01T10:00:00Z', ''] },
      { line: 4, values: ['H-2', 'C2', 'spend', '50.5', '2026-11-01T11:00:00+03:00', ''] },
    ]);
    expect(await entriesOf(['H-1', 'H-2'])).toHaveLength(0);

    // The maker cannot approve their own request.
    const held = await t.inject({ method: 'POST', url: `/api/admin/imports/${created.id}/post`, as: maker });
    expect(held.statusCode).toBe(202);
    const self = await t.inject({
      method: 'POST',
      url: `/api/admin/approval-requests/${held.json().requestId}/approve`,
      as: maker,
    });
    expect(self.statusCode).toBe(403);
    await t.inject({
      method: 'POST',
      url: `/api/admin/approval-requests/${held.json().requestId}/reject`,
      as: checker,
      payload: { reason: 'again' },
    });

    const done = await approveAndPost(created.id);
    expect(done).toMatchObject({ status: 'DONE', progress: 100, posted: 2, duplicates: 0, points: 150 });
    expect(done.approvedBy).toMatch(/^user_test_role_/);
    const entries = await entriesOf(['H-1', 'H-2']);
    expect(entries.map((e) => [e.externalId, e.points, e.channel, e.kind]).sort()).toEqual([
      ['H-1', 100, 'POS', 'EARN'],
      ['H-2', 50, 'POS', 'EARN'],
    ]);
    const list = (await t.inject({ method: 'GET', url: '/api/admin/imports?status=DONE', as: admin })).json();
    expect(list.items.map((i: { id: number }) => i.id)).toContain(created.id);

    // The same file again is refused as already imported.
    const again = await upload(file, { channel: 'POS' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([{ path: 'file', message: 'imports.alreadyImported' }]);
  });

  it('reports every bad line by number and reason, posts nothing, and gives the error file', async () => {
    const res = await upload(
      csv(
        'B-1,C1,SPEND,10,2026-11-01T10:00:00Z',
        'B-2,C1,SPEND,10,01/11/2026',
        'B-3,C1,SPEND,-5,2026-11-01T10:00:00Z',
        'B-4,C1,SPEND,ten,2026-11-01T10:00:00Z',
        'B-5,C1,NOPE,10,2026-11-01T10:00:00Z',
        'B-6,C1,REDEEMX,10,2026-11-01T10:00:00Z',
        'B-7,NOBODY,SPEND,10,2026-11-01T10:00:00Z',
        'B-1,C2,SPEND,10,2026-11-01T10:00:00Z',
        'B-9,C1,SPEND',
      ),
    );
    expect(res.statusCode).toBe(201);
    const imp = res.json();
    expect(imp).toMatchObject({ status: 'INVALID', lines: 9, invalidLines: 8 });
    expect(imp.errors).toEqual([
      { line: 3, reason: 'badDate', field: 'occurredAt' },
      { line: 4, reason: 'badAmount', field: 'amount' },
      { line: 5, reason: 'badAmount', field: 'amount' },
      { line: 6, reason: 'unknownTransactionType', field: 'transactionTypeCode' },
      { line: 7, reason: 'unknownTransactionType', field: 'transactionTypeCode' },
      { line: 8, reason: 'unknownCustomer', field: 'customerNumber' },
      { line: 9, reason: 'duplicateExternalId', field: 'externalId' },
      { line: 10, reason: 'raggedRow', field: null },
    ]);
    expect(imp.refused).toEqual({
      badDate: 1,
      badAmount: 2,
      unknownTransactionType: 2,
      unknownCustomer: 1,
      duplicateExternalId: 1,
      raggedRow: 1,
    });
    const file = await t.inject({ method: 'GET', url: `/api/admin/imports/${imp.id}/errors`, as: maker });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(`line,reason,field,${HEADER},reversalOf`);
    expect(lines[1]).toBe('3,badDate,occurredAt,B-2,C1,SPEND,10,01/11/2026,');
    expect(lines).toHaveLength(9);
    // All or nothing: the file cannot be posted.
    const post = await t.inject({ method: 'POST', url: `/api/admin/imports/${imp.id}/post`, as: maker });
    expect(post.statusCode).toBe(409);
    expect(await entriesOf(['B-1'])).toHaveLength(0);
  });

  it('posts the valid lines only when asked to', async () => {
    const res = await upload(
      csv('V-1,C3,SPEND,7,2026-11-01T10:00:00Z', 'V-2,NOBODY,SPEND,7,2026-11-01T10:00:00Z'),
      { postValid: 'true' },
    );
    expect(res.json()).toMatchObject({ status: 'VALIDATED', lines: 2, invalidLines: 1 });
    const done = await approveAndPost(res.json().id);
    expect(done).toMatchObject({ status: 'DONE', posted: 1, refused: { unknownCustomer: 1 }, points: 7 });
    expect(await entriesOf(['V-1', 'V-2'])).toHaveLength(1);
  });

  it('refuses unreadable files whole, naming the fault', async () => {
    const fault = async (file: string | Uint8Array, fields: Record<string, string> = {}) => {
      const res = await upload(file, fields);
      expect(res.statusCode, res.body).toBe(201);
      return fileFaultOf(res.json());
    };
    // Windows-1256 bytes sent as UTF-8.
    const arabic = iconv.encode(
      csv('E-1,C1,SPEND,1,2026-11-01T10:00:00Z').replace(/n\d+\n$/, 'مرحبا\n'),
      'windows-1256',
    );
    expect(await fault(arabic)).toEqual({ path: 'file', message: 'imports.wrongEncoding' });
    expect(await fault(`${HEADER}\nE-2,C1,SPEND,1,"2026-11-01T10:00:00Z\n`)).toEqual({
      path: 'line 2',
      message: 'imports.openQuote',
    });
    expect(await fault('')).toEqual({ path: 'file', message: 'imports.empty' });
    expect(await fault('\uFEFF\n\n')).toEqual({ path: 'file', message: 'imports.empty' });
    expect(await fault(`${HEADER}\n`)).toEqual({ path: 'file', message: 'imports.headerOnly' });
    expect(await fault('externalId,amount\nX,1\n')).toEqual({
      path: 'line 1',
      message: 'imports.missingColumns',
    });

    // The same bytes read as Windows-1256 are a good file, its Arabic intact.
    const ok = await upload(arabic, { encoding: 'WINDOWS-1256' });
    expect(ok.json()).toMatchObject({ status: 'VALIDATED', encoding: 'WINDOWS-1256', lines: 1 });
    const [line] = rowsOf<{ note: string }>(
      await t.app.db.execute(
        sql`select data->>'note' as note from import_lines where import_id = ${ok.json().id}`,
      ),
    );
    expect(line?.note).toBe('مرحبا');
  });
});

describe('the integration API', () => {
  it('takes a file as text/csv: 202 and a Location to poll; the key posts it without a checker', async () => {
    // An earning the API posted already: the file's line for it is a duplicate, not a second posting.
    expect(
      (
        await pos('POST', '/transactions', {
          externalId: 'I-1',
          customerNumber: 'C1',
          transactionTypeCode: 'SPEND',
          amount: 20,
          occurredAt: '2026-11-02T09:00:00Z',
        })
      ).statusCode,
    ).toBe(201);
    const before = await balanceOf('C1');
    const body = csv('I-1,C1,SPEND,20,2026-11-02T09:00:00Z', 'I-2,C1,SPEND,30,2026-11-02T10:00:00Z');
    const res = await t.inject({
      method: 'POST',
      url: '/api/integration/v1/transaction-files',
      headers: { ...posKey, 'content-type': 'text/csv' },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(202);
    const { id } = res.json();
    expect(res.headers.location).toBe(`/api/integration/v1/transaction-files/${id}`);
    await runJob();
    const polled = await pos('GET', `/transaction-files/${id}`);
    expect(polled.json()).toMatchObject({
      status: 'DONE',
      posted: 1,
      duplicates: 1,
      channel: 'POS',
      points: 30,
    });
    expect(await balanceOf('C1')).toBe((before ?? 0) + 30);
    expect(await entriesOf(['I-1'])).toHaveLength(1);

    // The same earnings in another file (other bytes) post nothing twice.
    const overlap = await t.inject({
      method: 'POST',
      url: '/api/integration/v1/transaction-files',
      ...withKey(form(csv('I-2,C1,SPEND,30,2026-11-02T10:00:00Z', 'I-1,C1,SPEND,20,2026-11-02T09:00:00Z'))),
    });
    expect(overlap.statusCode).toBe(202);
    await runJob();
    expect((await pos('GET', `/transaction-files/${overlap.json().id}`)).json()).toMatchObject({
      status: 'DONE',
      posted: 0,
      duplicates: 2,
    });
    expect(await balanceOf('C1')).toBe((before ?? 0) + 30);

    // The same file again: already imported. Another key does not see it; a key without the scope cannot send.
    const twice = await t.inject({
      method: 'POST',
      url: '/api/integration/v1/transaction-files',
      headers: { ...posKey, 'content-type': 'text/csv' },
      payload: body,
    });
    expect(twice.statusCode).toBe(409);
    expect((await otherKey('GET', `/transaction-files/${id}`)).statusCode).toBe(404);
    const refused = await t.inject({
      method: 'POST',
      url: '/api/integration/v1/transaction-files',
      headers: { ...noScopeKey, 'content-type': 'text/csv' },
      payload: csv('I-9,C1,SPEND,1,2026-11-02T10:00:00Z'),
    });
    expect(refused.statusCode).toBe(403);
  });

  it('keeps a file with a bad line unposted', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/integration/v1/transaction-files',
      headers: { ...posKey, 'content-type': 'text/csv' },
      payload: csv('J-1,C2,SPEND,5,2026-11-02T10:00:00Z', 'J-2,C2,SPEND,-1,2026-11-02T10:00:00Z'),
    });
    expect(res.statusCode).toBe(202);
    await runJob();
    const polled = (await pos('GET', `/transaction-files/${res.json().id}`)).json();
    expect(polled).toMatchObject({
      status: 'INVALID',
      posted: 0,
      errors: [{ line: 3, reason: 'badAmount' }],
    });
    expect(await entriesOf(['J-1'])).toHaveLength(0);
  });
});

describe('one engine', () => {
  it('posts from a file the same ledger as the same earnings through the API', async () => {
    const earnings = [
      { amount: 120, occurredAt: '2026-11-03T08:00:00Z' },
      { amount: 0.5, occurredAt: '2026-11-03T09:00:00Z' },
      { amount: 999.99, occurredAt: '2026-11-04T09:00:00Z' },
    ];
    for (const [i, e] of earnings.entries()) {
      await pos('POST', '/transactions', {
        externalId: `S-A${i}`,
        customerNumber: 'A1',
        transactionTypeCode: 'SPEND',
        ...e,
      });
    }
    const res = await upload(csv(...earnings.map((e, i) => `S-B${i},B1,SPEND,${e.amount},${e.occurredAt}`)), {
      channel: 'POS',
    });
    await approveAndPost(res.json().id);
    const shape = async (n: string) => {
      const [c] = await t.app.db.select().from(customers).where(eq(customers.customerNumber, n));
      const rows = await t.app.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.customerId, c?.id ?? 0)))
        .orderBy(ledgerEntries.id);
      return {
        balance: c?.balance,
        lifetime: c?.lifetimePoints,
        tier: c?.tierId,
        entries: rows.map((r) => [
          r.kind,
          r.points,
          r.amount,
          r.transactionTypeId,
          r.ruleId,
          r.balanceAfter,
          r.expiresAt?.toISOString(),
          r.channel,
        ]),
      };
    };
    expect(await shape('B1')).toEqual(await shape('A1'));
  });
});

describe('a restart mid-import', () => {
  it('resumes where the job stopped and posts nothing twice', async () => {
    const lines = Array.from({ length: 5 }, (_, i) => `R-${i},W1,SPEND,10,2026-11-05T10:00:00Z`);
    const res = await upload(csv(...lines));
    const held = await t.inject({
      method: 'POST',
      url: `/api/admin/imports/${res.json().id}/post`,
      as: maker,
    });
    await t.inject({
      method: 'POST',
      url: `/api/admin/approval-requests/${held.json().requestId}/approve`,
      as: checker,
    });
    const size = limits.batchSize;
    limits.batchSize = 2;
    try {
      // One batch commits, then the server stops.
      await postImportBatch(t.app.db);
      expect(await get(res.json().id)).toMatchObject({ status: 'POSTING', posted: 2, progress: 40 });
      await t.restart();
      await runJob();
    } finally {
      limits.batchSize = size;
    }
    expect(await get(res.json().id)).toMatchObject({ status: 'DONE', posted: 5, duplicates: 0, points: 50 });
    expect(await entriesOf(lines.map((_, i) => `R-${i}`))).toHaveLength(5);
    expect(await balanceOf('W1')).toBe(50);
  });
});
