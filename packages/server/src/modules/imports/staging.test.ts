import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { importLines, imports } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { channel, programmeFixtures } from '../loyalty/testing.ts';
import { coreBankingFile, coreBankingLayout } from './coreBanking.ts';
import { form, gateImportPosting, postApproved, runImportJobs, spendProgramme, staged } from './testing.ts';

// Files on disk (decisions/imports.md "Files on disk"): a push is spooled and answered RECEIVED at
// once; the staging job reads the spooled file, survives a restart, refuses an unreadable file;
// `?layout=` names the layout that reads a push; an approval wakes the posting job at once.

let t: TestApp;
let spoolDir: string;
let admin: { authorization: string };
let posKey: Record<string, string>;
let pos: ReturnType<typeof channel>;
const HEADER = 'externalId,customerNumber,transactionTypeCode,amount,occurredAt';
const csv = (...lines: string[]) => `${HEADER}\n${lines.join('\n')}\n`;

const push = (body: string | Uint8Array, query = '', contentType = 'text/csv') =>
  t.inject({
    method: 'POST',
    url: `/api/integration/v1/transaction-files${query}`,
    headers: { ...posKey, 'content-type': contentType },
    payload: Buffer.from(body),
  });
const spooled = async () => (await readdir(spoolDir).catch(() => [])).sort();
const row = async (id: number) => (await t.app.db.select().from(imports).where(eq(imports.id, id)))[0];

beforeAll(async () => {
  spoolDir = await mkdtemp(path.join(tmpdir(), 'spool-'));
  t = await buildTestApp({ IMPORT_SPOOL_DIR: spoolDir });
  ({ admin } = await spendProgramme(t, ['S1', 'S2']));
  posKey = await programmeFixtures(t, admin).apiKey(['imports'], 'POS');
  pos = channel(t, posKey);
});
afterAll(async () => {
  await rm(spoolDir, { recursive: true, force: true });
});

describe('a pushed file', () => {
  it('is spooled and answered RECEIVED; the job stages and posts it, and removes the spooled file', async () => {
    const res = await push(
      csv('SP-1,S1,SPEND,10,2026-11-02T09:00:00Z', 'SP-2,S2,SPEND,5,2026-11-02T09:00:00Z'),
    );
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().status).toBe('RECEIVED');
    const { id } = res.json();
    expect(Number((await row(id))?.fileBytes)).toBeGreaterThan(0);
    await runImportJobs(t);
    expect((await pos('GET', `/transaction-files/${id}`)).json()).toMatchObject({
      status: 'DONE',
      lines: 2,
      posted: 2,
      points: 15,
    });
    expect(await row(id)).toMatchObject({ spoolPath: null, stagingUntil: null });
    expect(await spooled()).toEqual([]);
  });

  it('that cannot be read is REFUSED with the reason, nothing of it kept; it may be sent again', async () => {
    const bad = csv('SP-3,S1,SPEND,10,2026-11-02T09:00:00Z', '"SP-4,S1,SPEND,10,2026-11-02T09:00:00Z');
    const res = await push(bad);
    expect(res.statusCode).toBe(202);
    await runImportJobs(t);
    const polled = (await pos('GET', `/transaction-files/${res.json().id}`)).json();
    expect(polled).toMatchObject({ status: 'REFUSED', lines: 0, posted: 0 });
    expect(polled.error).toContain('imports.openQuote');
    expect(await t.app.db.select().from(importLines).where(eq(importLines.importId, res.json().id))).toEqual(
      [],
    );
    expect(await spooled()).toEqual([]);
    // Not "already imported": nothing of it was.
    const again = await push(bad);
    expect(again.statusCode).toBe(202);
    await runImportJobs(t);
    expect((await pos('GET', `/transaction-files/${again.json().id}`)).json().status).toBe('REFUSED');

    // A received file whose spool is gone (removed by hand, another instance's folder): refused,
    // the job and the server carrying on.
    const lost = await push(csv('SP-5,S1,SPEND,1,2026-11-02T09:00:00Z'));
    await t.app.jobs.settled();
    await t.app.db
      .update(imports)
      .set({ status: 'RECEIVED', spoolPath: path.join(spoolDir, 'gone.part') })
      .where(eq(imports.id, lost.json().id));
    await runImportJobs(t);
    expect((await row(lost.json().id))?.status).toBe('REFUSED');
    expect((await row(lost.json().id))?.error).toContain('ENOENT');
  });

  it('is staged again from its first line after a server stopped mid-file, each line once', async () => {
    const lines = Array.from(
      { length: 1_200 },
      (_, i) => `SR-${i},S${1 + (i % 2)},SPEND,1,2026-11-02T09:00:00Z`,
    );
    const res = await push(csv(...lines));
    const { id } = res.json();
    await t.app.jobs.settled();
    // The state a server stopped mid-file leaves: STAGING, its claim lapsed, 600 lines staged,
    // the file still spooled.
    const file = path.join(spoolDir, 'stopped.part');
    await t.app.db.execute(sql`delete from import_lines where import_id = ${id} and line > 601`);
    await writeFile(file, csv(...lines));
    await t.app.db
      .update(imports)
      .set({
        status: 'STAGING',
        stagingUntil: sql`now() - interval '1 minute'`,
        spoolPath: file,
        lines: 600,
        approvedBy: null,
      })
      .where(eq(imports.id, id));
    // A claim still running is left to its holder.
    await t.app.db
      .update(imports)
      .set({ stagingUntil: sql`now() + interval '1 minute'` })
      .where(eq(imports.id, id));
    await runImportJobs(t);
    expect((await row(id))?.status).toBe('STAGING');
    await t.app.db
      .update(imports)
      .set({ stagingUntil: sql`now() - interval '1 minute'` })
      .where(eq(imports.id, id));
    await runImportJobs(t);
    const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(
      await t.app.db.execute(sql`select count(*)::int as n from import_lines where import_id = ${id}`),
    );
    expect(n).toBe(1_200);
    expect((await pos('GET', `/transaction-files/${id}`)).json()).toMatchObject({
      status: 'DONE',
      lines: 1_200,
      posted: 1_200,
      duplicates: 0,
    });
    expect(await spooled()).toEqual([]);
  });

  it('is read by the layout named in ?layout= (its id or English name); an unknown one is refused', async () => {
    const created = await t.inject({
      method: 'POST',
      url: '/api/admin/file-layouts',
      as: admin,
      payload: coreBankingLayout,
    });
    expect(created.statusCode).toBe(201);
    const file = iconv.encode(
      coreBankingFile('20261128', [
        { ref: 'SL-1', cif: 'S1', code: 'SPEND', halalas: 10_025, time: '20261128093000' },
        { ref: 'SL-2', cif: 'S2', code: 'SPEND', halalas: 4_975, time: '20261128100000' },
      ]),
      'windows-1256',
    );
    const byName = await push(file, `?layout=${encodeURIComponent(coreBankingLayout.name.toUpperCase())}`);
    expect(byName.statusCode, byName.body).toBe(202);
    await runImportJobs(t);
    expect((await pos('GET', `/transaction-files/${byName.json().id}`)).json()).toMatchObject({
      status: 'DONE',
      layoutId: created.json().id,
      encoding: 'WINDOWS-1256',
      posted: 2,
      control: { records: 2, total: '150.00', trailerRecords: 2, trailerTotal: '150.00' },
    });
    const byId = await push(file, `?layout=${created.json().id}`, 'application/octet-stream');
    expect(byId.statusCode).toBe(409); // the same file: already imported
    const unknown = await push(csv('SL-3,S1,SPEND,1,2026-11-02T09:00:00Z'), '?layout=nope');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toMatchObject({ path: 'layout', message: 'imports.unknownLayout' });
    expect(await spooled()).toEqual([]);
  });
});

describe('an approval', () => {
  it("starts the posting at once on a running job runner (not at the runner's next poll)", async () => {
    await gateImportPosting(t, admin);
    const maker = await t.userWith(['import.create', 'import.post', 'import.read']);
    const checker = await t.userWith(['import.read', 'approval.check']);
    const up = await staged(
      t,
      await t.inject({
        method: 'POST',
        url: '/api/admin/imports',
        as: maker,
        ...form(csv('SW-1,S1,SPEND,7,2026-11-02T09:00:00Z')),
      }),
      maker,
    );
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json().status).toBe('VALIDATED');
    expect(await spooled()).toEqual([]);
    t.app.jobs.start(600_000);
    try {
      // The runner's first tick (a second after start) is over; its next poll is ten minutes away.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await t.app.jobs.settled();
      await postApproved(t, up.json().id, maker, checker);
      let status = '';
      for (let i = 0; i < 50 && status !== 'DONE'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        status = (await row(up.json().id))?.status ?? '';
      }
      expect(status).toBe('DONE');
    } finally {
      await t.app.jobs.stop();
    }
  });
});
