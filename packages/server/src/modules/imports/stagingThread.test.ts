import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { channel, programmeFixtures } from '../loyalty/testing.ts';
import { limits } from './limits.ts';
import { runImportJobs, spendProgramme } from './testing.ts';

// The staging thread (PostgreSQL only: on the embedded database the main thread stages): a file
// whose batch does not fit the thread's heap cap is refused with the reason, not claimed again
// and again; the next file is staged by a new thread.

const HEADER = 'externalId,customerNumber,transactionTypeCode,amount,occurredAt';
let t: TestApp;
let posKey: Record<string, string>;

const push = (body: string) =>
  t.inject({
    method: 'POST',
    url: '/api/integration/v1/transaction-files',
    headers: { ...posKey, 'content-type': 'text/csv' },
    payload: Buffer.from(body),
  });

/** 1,000 lines of 60 KB each (their externalIds, `<prefix>-<i>-xxx…`): a new file per prefix. */
const wideFile = (prefix: string) => {
  const wide = 'x'.repeat(60_000);
  const lines = Array.from(
    { length: 1_000 },
    (_, i) => `${prefix}-${i}-${wide},T1,SPEND,1,2026-11-02T09:00:00Z`,
  );
  return `${HEADER}\n${lines.join('\n')}\n`;
};

describe.skipIf(!process.env.DATABASE_URL)('the staging thread', () => {
  beforeAll(async () => {
    t = await buildTestApp({ IMPORT_STAGING_HEAP_MB: '48' });
    const { admin } = await spendProgramme(t, ['T1']);
    posKey = await programmeFixtures(t, admin).apiKey(['imports'], 'POS');
  });

  it('refuses a file whose batch outgrows its heap cap, then stages the next file', async () => {
    // 1,000 lines (a batch, without the cap on its characters that would cut it at ~17 of
    // these) of 60 KB each: 60 MB of values (and their JSON) in a 48 MB old space.
    const big = await push(wideFile('W'));
    expect(big.statusCode, big.body).toBe(202);
    const chars = limits.stageBatchChars;
    limits.stageBatchChars = Number.POSITIVE_INFINITY;
    try {
      await runImportJobs(t);
    } finally {
      limits.stageBatchChars = chars;
    }
    const pos = channel(t, posKey);
    const refused = (await pos('GET', `/transaction-files/${big.json().id}`)).json();
    expect(refused, JSON.stringify({ ...refused, errors: undefined })).toMatchObject({
      status: 'REFUSED',
      lines: 0,
    });
    expect(refused.error).toContain('IMPORT_STAGING_HEAP_MB');

    const next = await push(`${HEADER}\nW-ok,T1,SPEND,10,2026-11-02T09:00:00Z\n`);
    await runImportJobs(t);
    expect((await pos('GET', `/transaction-files/${next.json().id}`)).json()).toMatchObject({
      status: 'DONE',
      posted: 1,
    });
    // 12–15 s usually (a thread filling its heap, then a new one loading its TypeScript); past 30 s
    // on a machine at load 8–10.
  }, 90_000);

  it('stages the same file in batches cut by their characters', async () => {
    const res = await push(wideFile('L'));
    await runImportJobs(t);
    // Staged whole: each line refused for its 60 KB externalId, none lost to the heap.
    const staged = (await channel(t, posKey)('GET', `/transaction-files/${res.json().id}`)).json();
    expect(staged, JSON.stringify({ ...staged, errors: undefined })).toMatchObject({
      status: 'INVALID',
      lines: 1_000,
      invalidLines: 1_000,
    });
  }, 90_000);
});
