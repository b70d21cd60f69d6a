import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { webhookEventCatalogue } from '@loyalty/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { imports, ledgerEntries } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { channel, programmeFixtures } from '../loyalty/testing.ts';
import { IMPORT_POST_JOB } from './imports.service.ts';
import { IMPORT_INBOX_JOB, INBOX_MAKER, scanInbox } from './inbox.ts';

let t: TestApp;
let dir: string;
const HEADER = 'externalId,customerNumber,transactionTypeCode,amount,occurredAt';

/** Drops a file in the inbox, written a minute ago (a file changed in the last seconds is left for later). */
async function drop(name: string, content: string, settled = true) {
  const file = path.join(dir, name);
  await writeFile(file, content);
  if (settled) {
    const past = new Date(Date.now() - 60_000);
    await utimes(file, past, past);
  }
}

const list = async (sub = '') =>
  (await readdir(path.join(dir, sub), { withFileTypes: true }).catch(() => []))
    .filter((e) => e.isFile())
    .map((e) => e.name)
    .sort();

const importsOf = (fileName: string) => t.app.db.select().from(imports).where(eq(imports.fileName, fileName));

async function runJob(name: string) {
  await t.app.jobs.settled();
  await t.app.jobs.requestRun(name);
  await t.app.jobs.tick(name);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'inbox-'));
  t = await buildTestApp({ IMPORT_INBOX_DIR: dir, IMPORT_INBOX_CHANNEL: 'BRANCH' });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

beforeAll(async () => {
  const admin = await t.signIn();
  const fx = programmeFixtures(t, admin);
  await fx.tier('Blue', 0, 1_000_000);
  const spend = await fx.type('SPEND');
  await fx.rule({ transactionTypeId: spend.id, amount: 1, pointsPerTransaction: 1 });
  const pos = channel(t, await fx.apiKey(['customers'], 'POS'));
  for (const n of ['I1', 'I2']) {
    expect((await pos('PUT', `/customers/${n}`, { fullName: `Customer ${n}` })).statusCode).toBe(201);
  }
  const hook = await t.inject({
    method: 'POST',
    url: '/api/admin/webhook-endpoints',
    as: admin,
    payload: { url: 'http://127.0.0.1:9/hook', events: ['import.finished'], description: 'warehouse' },
  });
  expect(hook.statusCode).toBe(201);
});

describe('the inbox folder (IMPORT_INBOX_DIR)', () => {
  it('imports a new file once, posts it without a second person, moves it to done/ and raises import.finished', async () => {
    await drop(
      'day-1.csv',
      `${HEADER}\nIN-1,I1,SPEND,100,2026-11-01T10:00:00Z\nIN-2,I2,SPEND,40,2026-11-01T11:00:00Z\n`,
    );
    await runJob(IMPORT_INBOX_JOB);
    expect(await list()).toEqual([]);
    expect(await list('done')).toEqual(['day-1.csv']);
    const [row] = await importsOf('day-1.csv');
    expect(row).toMatchObject({
      createdBy: INBOX_MAKER,
      approvedBy: INBOX_MAKER,
      channel: 'BRANCH',
      lines: 2,
    });
    await runJob(IMPORT_POST_JOB);
    const [done] = await importsOf('day-1.csv');
    expect(done).toMatchObject({ status: 'DONE', posted: 2, points: 140 });
    const entries = await t.app.db
      .select()
      .from(ledgerEntries)
      .where(inArray(ledgerEntries.externalId, ['IN-1', 'IN-2']));
    expect(entries.map((e) => e.channel).sort()).toEqual(['BRANCH', 'BRANCH']);
    // Audited as the automated transfer it is.
    const audited = rowsOf<{ command: string; actor_username: string }>(
      await t.app.db.execute(
        sql`select command, actor_username from audit_log where target_type = 'import' and target_id = ${String(done?.id)}`,
      ),
    );
    expect(audited).toEqual([{ command: 'channel.transactionFile.post', actor_username: INBOX_MAKER }]);
    // The webhook event is queued with the import's id, kind, file, status and counts.
    const events = rowsOf<{ payload: Record<string, unknown> }>(
      await t.app.db.execute(
        sql`select payload from webhook_events where type = 'import.finished' and payload->>'importId' = ${String(done?.id)}`,
      ),
    );
    expect(events).toHaveLength(1);
    expect(events[0]?.payload).toMatchObject({
      importId: done?.id,
      kind: 'TRANSACTIONS',
      fileName: 'day-1.csv',
      status: 'DONE',
      lines: 2,
      posted: 2,
      duplicates: 0,
      points: 140,
    });
    expect(webhookEventCatalogue['import.finished'].data.safeParse(events[0]?.payload).success).toBe(true);
  });

  it('moves a file imported before (same checksum) to failed/ with the reason beside it', async () => {
    await drop(
      'day-1-again.csv',
      `${HEADER}\nIN-1,I1,SPEND,100,2026-11-01T10:00:00Z\nIN-2,I2,SPEND,40,2026-11-01T11:00:00Z\n`,
    );
    // A file with a bad line (all or nothing), and one that is unreadable as a whole.
    await drop(
      'day-2.csv',
      `${HEADER}\nIN-3,I1,SPEND,-5,2026-11-02T10:00:00Z\nIN-4,I2,SPEND,10,2026-11-02T10:00:00Z\n`,
    );
    await drop('empty.csv', `${HEADER}\n`);
    const outcomes = await scanInbox(t.app.db);
    expect(outcomes.map((o) => [o.file, o.to])).toEqual([
      ['day-1-again.csv', 'failed'],
      ['day-2.csv', 'failed'],
      ['empty.csv', 'failed'],
    ]);
    expect(await list()).toEqual([]);
    expect(await list('failed')).toEqual([
      'day-1-again.csv',
      'day-1-again.csv.error.txt',
      'day-2.csv',
      'day-2.csv.error.txt',
      'empty.csv',
      'empty.csv.error.txt',
    ]);
    const [first] = await importsOf('day-1.csv');
    expect(await readFile(path.join(dir, 'failed', 'day-1-again.csv.error.txt'), 'utf8')).toContain(
      `already imported (import ${first?.id}`,
    );
    expect(await importsOf('day-1-again.csv')).toEqual([]);
    // The file with a bad line is kept as an INVALID import (its lines on its page); nothing posted.
    const [invalid] = await importsOf('day-2.csv');
    expect(invalid).toMatchObject({ status: 'INVALID', invalidLines: 1 });
    const why = await readFile(path.join(dir, 'failed', 'day-2.csv.error.txt'), 'utf8');
    expect(why).toContain(`Import ${invalid?.id}: 1 of 2 lines are bad`);
    expect(why).toContain('badAmount: 1');
    expect(await readFile(path.join(dir, 'failed', 'empty.csv.error.txt'), 'utf8')).toContain(
      'imports.headerOnly',
    );
    expect(await importsOf('empty.csv')).toEqual([]);
  });

  it('leaves a file still being written, and dotfiles, to a later scan', async () => {
    await drop('day-3.csv', `${HEADER}\nIN-5,I1,SPEND,1,2026-11-03T10:00:00Z\n`, false);
    await drop('.day-4.csv.part', `${HEADER}\n`);
    expect(await scanInbox(t.app.db)).toEqual([]);
    expect(await list()).toEqual(['.day-4.csv.part', 'day-3.csv']);
    await rm(path.join(dir, '.day-4.csv.part'));
    const past = new Date(Date.now() - 60_000);
    await utimes(path.join(dir, 'day-3.csv'), past, past);
    expect((await scanInbox(t.app.db)).map((o) => o.to)).toEqual(['done']);
  });

  it('after a crash between the import and the move, only moves the file; two scans at once take each file once', async () => {
    // The file is back in the folder as if the server stopped before moving it.
    const content = await readFile(path.join(dir, 'done', 'day-3.csv'), 'utf8');
    await rm(path.join(dir, 'done', 'day-3.csv'));
    await drop('day-3.csv', content);
    for (let i = 0; i < 4; i += 1)
      await drop(`batch-${i}.csv`, `${HEADER}\nIN-B${i},I2,SPEND,2,2026-11-04T10:00:00Z\n`);
    const twin = await t.twin();
    await Promise.all([scanInbox(t.app.db), scanInbox(twin.db)]);
    expect(await list()).toEqual([]);
    expect(await list('failed')).not.toContain('day-3.csv');
    expect((await list('done')).filter((n) => n.startsWith('day-3') || n.startsWith('batch-'))).toEqual([
      'batch-0.csv',
      'batch-1.csv',
      'batch-2.csv',
      'batch-3.csv',
      'day-3.csv',
    ]);
    expect(await importsOf('day-3.csv')).toHaveLength(1);
    for (let i = 0; i < 4; i += 1) expect(await importsOf(`batch-${i}.csv`)).toHaveLength(1);
  });

  it('reads the files of a sub-folder named by a file layout (id or English name) by that layout', async () => {
    const admin = await t.signIn();
    const layout = await t.inject({
      method: 'POST',
      url: '/api/admin/file-layouts',
      as: admin,
      payload: {
        name: 'Branch pipes',
        nameAr: 'الفروع بفواصل',
        kind: 'TRANSACTIONS',
        format: 'CSV',
        delimiter: '|',
        headerRow: false,
        mapping: {
          externalId: '1',
          customerNumber: '2',
          transactionTypeCode: '3',
          amount: '4',
          occurredAt: '5',
        },
      },
    });
    expect(layout.statusCode, layout.body).toBe(201);
    await mkdir(path.join(dir, 'branch pipes'));
    await mkdir(path.join(dir, String(layout.json().id)));
    await mkdir(path.join(dir, 'no such layout'));
    await drop('branch pipes/day-5.txt', 'IN-L1|I1|SPEND|30|2026-11-05T10:00:00Z\n');
    await drop(`${layout.json().id}/day-6.txt`, 'IN-L2|I2|SPEND|20|2026-11-05T10:00:00Z\n');
    await drop('no such layout/day-7.txt', 'IN-L3|I2|SPEND|20|2026-11-05T10:00:00Z\n');
    const outcomes = await scanInbox(t.app.db);
    expect(outcomes.map((o) => [o.file, o.to])).toEqual([
      [`${layout.json().id}/day-6.txt`, 'done'],
      ['branch pipes/day-5.txt', 'done'],
      ['no such layout/day-7.txt', 'failed'],
    ]);
    expect(await list('branch pipes/done')).toEqual(['day-5.txt']);
    expect(
      await readFile(path.join(dir, 'no such layout', 'failed', 'day-7.txt.error.txt'), 'utf8'),
    ).toContain('imports.unknownLayout');
    await runJob(IMPORT_POST_JOB);
    for (const name of ['day-5.txt', 'day-6.txt']) {
      expect((await importsOf(name))[0]).toMatchObject({
        status: 'DONE',
        posted: 1,
        layoutId: layout.json().id,
      });
    }
  });
});
