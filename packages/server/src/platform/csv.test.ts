import { buffer } from 'node:stream/consumers';
import { stringify } from 'csv-stringify/sync';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { csvBatchStream, csvStream } from './csv.ts';
import { registerErrorHandling } from './errors.ts';

/** A download whose rows fail to be read after `before` rows. */
async function* rows(before: number) {
  for (let i = 0; i < before; i++) yield { n: i, text: `row ${i}`.padEnd(2000, '.') };
  throw new Error('the database went away');
}

const app = Fastify();
registerErrorHandling(app, { indexHtml: false });
app.get<{ Querystring: { before: string } }>('/download', (req, reply) =>
  reply.type('text/csv').send(csvStream(rows(Number(req.query.before)), ['n', 'text'])),
);
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
afterAll(() => app.close());

describe('csvStream', () => {
  it('answers a problem when reading fails before anything was sent', async () => {
    const res = await fetch(`${base}/download?before=0`);
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(((await res.json()) as { code: string }).code).toBe('INTERNAL');
  });

  it('ends the response when reading fails midway, and the server keeps serving', async () => {
    // 5,000 rows of 2 KB: far beyond the stream's buffers, so the headers have gone out.
    const res = await fetch(`${base}/download?before=5000`);
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
    const again = await fetch(`${base}/download?before=0`);
    expect(again.status).toBe(500);
  });
});

describe('csvBatchStream', () => {
  it('writes what csv-stringify writes with escape_formulas (quotes, line breaks, formulas, Arabic)', async () => {
    const rows = [
      ['plain', 12, -3.5, true, false, null, undefined],
      ['a,b', 'say "hi"', 'two\nlines', 'cr\rhere', '=SUM(A1)', '+1', '-x'],
      ['@home', '\tTab', '\uFF1Dwide', 'عميل "مميز"', '', 0, { a: 1 }],
      [new Date(Date.UTC(2026, 0, 2)), 'ok', '', '', '', '', ''],
    ];
    const columns = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const ours = (
      await buffer(
        csvBatchStream(
          (async function* () {
            yield rows;
          })(),
          columns,
        ),
      )
    ).toString('utf8');
    const theirs = stringify(rows, { header: true, columns, escape_formulas: true, bom: true });
    expect(ours).toBe(theirs);
  });
});
