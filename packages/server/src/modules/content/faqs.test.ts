import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { channel, programmeFixtures } from '../loyalty/testing.ts';

let t: TestApp;
let admin: { authorization: string };
let api: ReturnType<typeof channel>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn();
  api = channel(t, await programmeFixtures(t, admin).apiKey(['content']));
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object) =>
  t.inject({ method, url: `/api/admin${url}`, ...(payload ? { payload } : {}), as: admin });
const faq = (question: string, lang = 'en', extra: object = {}) => ({
  question,
  answer: `The answer to ${question}`,
  lang,
  category: 'Points',
  ...extra,
});
const create = async (body: object) => {
  const res = await call('POST', '/faqs', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; position: number };
};
const order = async (lang: string) =>
  (
    (await call('GET', `/faqs?lang=${lang}&sort=position:asc&pageSize=100`)).json().items as {
      question: string;
    }[]
  ).map((f) => f.question);

describe('POST /api/admin/faqs', () => {
  it("says 'Question is Required' and 'Answer is Required' (spec §5)", async () => {
    const res = await call('POST', '/faqs', { question: ' ', answer: '', lang: 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'question', message: 'questionRequired' },
        { path: 'answer', message: 'answerRequired' },
      ]),
    );
  });

  it('puts a new entry last in its language', async () => {
    const a = await create(faq('How do I earn points?'));
    const b = await create(faq('When do points expire?'));
    const c = await create(faq('كيف أكسب النقاط؟', 'ar'));
    expect([a.position, b.position, c.position]).toEqual([1, 2, 1]);
  });
});

describe('POST /api/admin/faqs/move', () => {
  it('moves an entry before or after another of its language, audited', async () => {
    const third = await create(faq('Can I transfer points?'));
    const first = (await call('GET', '/faqs?lang=en&sort=position:asc')).json().items[0];
    const moved = await call('POST', '/faqs/move', { id: third.id, beforeId: first.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await order('en')).toEqual([
      'Can I transfer points?',
      'How do I earn points?',
      'When do points expire?',
    ]);
    await call('POST', '/faqs/move', { id: third.id, afterId: first.id });
    expect(await order('en')).toEqual([
      'How do I earn points?',
      'Can I transfer points?',
      'When do points expire?',
    ]);
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.command, 'faq.move'), eq(auditLog.targetId, String(third.id))));
    expect(entry?.after).toEqual({ id: third.id, position: 1 });
  });

  it('refuses an anchor of the other language, and both or neither anchor', async () => {
    const en = (await call('GET', '/faqs?lang=en')).json().items[0].id;
    const ar = (await call('GET', '/faqs?lang=ar')).json().items[0].id;
    expect((await call('POST', '/faqs/move', { id: en, beforeId: ar })).statusCode).toBe(400);
    expect((await call('POST', '/faqs/move', { id: en })).statusCode).toBe(400);
    expect((await call('POST', '/faqs/move', { id: en, beforeId: ar, afterId: ar })).statusCode).toBe(400);
    expect((await call('POST', '/faqs/move', { id: 999_999, beforeId: en })).statusCode).toBe(404);
  });
});

describe('PUT and DELETE /api/admin/faqs/{id}', () => {
  it('moving an entry to the other language puts it last there; deleting closes the gap', async () => {
    const entry = await create(faq('Where are your branches?'));
    const put = await call('PUT', `/faqs/${entry.id}`, faq('أين فروعكم؟', 'ar'));
    expect(put.json()).toMatchObject({ lang: 'ar', position: 2 });
    const positions = async (lang: string) =>
      (
        (await call('GET', `/faqs?lang=${lang}&sort=position:asc`)).json().items as { position: number }[]
      ).map((f) => f.position);
    expect(await positions('en')).toEqual([1, 2, 3]);
    const first = (await call('GET', '/faqs?lang=en&sort=position:asc')).json().items[0].id;
    expect((await call('DELETE', `/faqs/${first}`)).statusCode).toBe(204);
    expect(await positions('en')).toEqual([1, 2]);
  });
});

describe('GET /api/integration/v1/content/faqs', () => {
  it('answers the active entries of the language in order, with an ETag', async () => {
    await create(faq('Hidden question', 'en', { status: 'INACTIVE' }));
    const res = await api('GET', '/content/faqs?lang=en');
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((f: { question: string }) => f.question)).toEqual(
      await order('en').then((q) => q.filter((x) => x !== 'Hidden question')),
    );
    const ar = (await api('GET', '/content/faqs?lang=ar')).json();
    expect(ar).toMatchObject({
      lang: 'ar',
      items: [{ question: 'كيف أكسب النقاط؟' }, { question: 'أين فروعكم؟' }],
    });
    const etag = res.headers.etag as string;
    const again = await t.inject({
      method: 'GET',
      url: '/api/integration/v1/content/faqs?lang=en',
      headers: { ...(await programmeFixtures(t, admin).apiKey(['content'])), 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect((await api('GET', '/content/faqs?lang=fr')).statusCode).toBe(400);
  });
});
