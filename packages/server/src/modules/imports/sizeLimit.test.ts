import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { programmeFixtures } from '../loyalty/testing.ts';
import { importFiles } from './spool.ts';

// A file over the size limit (IMPORT_MAX_FILE_BYTES, 4 GiB by default: a 5 GB push) is refused as
// its headers arrive: the server answers 413 while the sender has sent 64 KB of it, so none of it
// is read. Files under the limit are spooled to disk as they arrive (decisions/imports.md).

let t: TestApp;
let key: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  const fx = programmeFixtures(t, await t.signIn());
  key = await fx.apiKey(['imports'], 'POS');
});

/** Sends the headers of a `declared`-byte text/csv push and `sent` bytes of it; answers the status and body. */
function pushHead(port: number, declared: number, sent: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/api/integration/v1/transaction-files',
        headers: { ...key, 'content-type': 'text/csv', 'content-length': String(declared) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() });
        });
      },
    );
    req.on('error', reject);
    // The start of a file, then nothing more: an answer must not wait for the rest.
    req.write(`externalId,customerNumber,transactionTypeCode,amount,occurredAt\n${'x'.repeat(sent)}`);
  });
}

describe('a file over the size limit', () => {
  it('is refused 413 before its body is read, and nothing is staged', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const fiveGb = 5 * 1024 ** 3;
    expect(importFiles.maxFileBytes).toBeGreaterThan(2 * 1024 ** 3);
    expect(fiveGb).toBeGreaterThan(importFiles.maxFileBytes);
    const answer = await pushHead(port, fiveGb, 64 * 1024);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    const [{ n } = { n: -1 }] = rowsOf<{ n: number }>(
      await t.app.db.execute(sql`select count(*)::int as n from imports`),
    );
    expect(n).toBe(0);
  });
});
