import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { messageCategories } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { trainSuggester } from './nlp/classifier.ts';
import { classification } from './nlp/metrics.ts';
import { sentimentOf } from './nlp/sentiment.ts';
import { detectLanguage, normaliseArabic, tokens } from './nlp/text.ts';
import { NLP_JOB, sentimentMetrics } from './nlp.service.ts';

type As = { authorization: string };
let t: TestApp;
let admin: As;

describe('Arabic and English text', () => {
  it('normalises Arabic: diacritics, tatweel, alef, yaa and taa marbuta variants, digits', () => {
    expect(normaliseArabic('مَرْحَبًا')).toBe('مرحبا');
    expect(normaliseArabic('شكـــــرا')).toBe('شكرا');
    expect(normaliseArabic('أحمد إبراهيم آمال ٱلله')).toBe('احمد ابراهيم امال الله');
    expect(normaliseArabic('مستشفى')).toBe('مستشفي');
    expect(normaliseArabic('القسيمة')).toBe('القسيمه');
    expect(normaliseArabic('رصيدي ١٢٣٠ نقطة')).toBe('رصيدي 1230 نقطه');
    expect(normaliseArabic('۴۵')).toBe('45');
    // The same word however it is written matches one token.
    expect(tokens('النُّقَاط المفقودة')).toEqual(tokens('النقاط المفقوده'));
  });

  it('detects the language by script, tolerating Latin names inside Arabic', () => {
    expect(detectLanguage('Where are my points?')).toBe('en');
    expect(detectLanguage('أين نقاطي؟')).toBe('ar');
    expect(detectLanguage('لم تصلني نقاط Amazon من البطاقة Visa')).toBe('ar');
    expect(detectLanguage('1234')).toBe('en');
  });

  it('keeps the words that carry meaning: no stop words, lower case, accents and quotes folded', () => {
    expect(tokens('Where are MY points from the Café?')).toEqual(['points', 'cafe']);
    expect(tokens('أين هي النقاط التي كسبتها من البطاقة')).toEqual(['النقاط', 'كسبتها', 'البطاقه']);
  });

  it('scores sentiment with negation in both languages', () => {
    expect(sentimentOf('The service was great, thank you', 'en').label).toBe('POSITIVE');
    expect(sentimentOf('The service was not good', 'en').label).toBe('NEGATIVE');
    expect(sentimentOf('How many points do I need?', 'en').label).toBe('NEUTRAL');
    expect(sentimentOf('الخدمة ممتازة، شكرًا', 'ar').label).toBe('POSITIVE');
    expect(sentimentOf('الخدمة ليس جيدة', 'ar').label).toBe('NEGATIVE');
    expect(sentimentOf('والمشكلة ما زالت قائمة', 'ar').label).toBe('NEGATIVE');
    expect(sentimentOf('كم نقطة أحتاج للفئة الفضية؟', 'ar').label).toBe('NEUTRAL');
  });

  it('measures accuracy and macro-F1 per class as defined', async () => {
    expect(classification(['a', 'a', 'b', 'b'], ['a', 'b', 'b', 'b'])).toEqual({
      n: 4,
      accuracy: 0.75,
      macroF1: (2 / 3 + 0.8) / 2,
    });
    const m = await sentimentMetrics();
    expect(m.en.n).toBe(30);
    expect(m.ar.n).toBe(30);
  });

  it('suggests nothing from unknown words, and learns a category from examples', () => {
    const s = trainSuggester([
      ...pointsEn.map((text) => ({ text, categoryId: 1 })),
      ...vouchersEn.map((text) => ({ text, categoryId: 2 })),
    ]);
    expect(s?.suggest('zzz qqq')).toBeNull();
    expect(s?.suggest('the store refused my voucher')).toMatchObject({ categoryId: 2 });
    expect(trainSuggester(pointsEn.map((text) => ({ text, categoryId: 1 })))).toBeNull();
    expect(
      trainSuggester([
        { text: 'points', categoryId: 1 },
        { text: 'voucher', categoryId: 2 },
      ]),
    ).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------

const pointsEn = [
  'My points from the card purchase are missing',
  'Points balance is wrong after shopping',
  'I did not receive points for my bill payment',
  'Where are the points of last week purchase',
  'Balance shows fewer points than expected',
  'Points missing from online spend',
];
const vouchersEn = [
  'The voucher code was rejected at the store',
  'Voucher expired before I could use it at the store',
  'Store refused my coffee voucher',
  'I redeemed a voucher but got no code',
  'Voucher code not working in the shop',
  'Which store accepts the cinema voucher',
];
const pointsAr = [
  'نقاطي من مشتريات البطاقة مفقودة',
  'رصيد النقاط خطأ بعد التسوق',
  'لم تصلني نقاط سداد الفاتورة',
];
const vouchersAr = [
  'تم رفض رمز القسيمة في المتجر',
  'انتهت صلاحية القسيمة قبل استخدامها',
  'المتجر رفض قسيمة القهوة',
];
const loungeEn = [
  'Can I use the airport lounge with my tier',
  'Lounge access refused at the airport',
  'How many lounge visits does gold include',
  'Airport lounge entry with points',
];

let customerId: number;
let day = 0;
/** A customer's conversation opened with this text (the newest last), answering its id. */
async function conversation(text: string) {
  day += 1;
  const [row] = rowsOf<{ id: number }>(
    await t.app.db.execute(sql`
      insert into conversations (customer_id, channel, subject, preview, status, search_text, created_at, last_message_at)
      values (${customerId}, 'APP', '', ${text}, 'NEW', ${text.toLowerCase()},
        now() - interval '200 days' + make_interval(days => ${day}), now())
      returning id`),
  );
  const id = Number(row?.id);
  await t.app.db.execute(sql`
    insert into conversation_entries (conversation_id, kind, body) values (${id}, 'INBOUND', ${text})`);
  return id;
}
const categorise = async (id: number, categoryId: number) => {
  const res = await t.inject({
    method: 'POST',
    url: `/api/admin/messages/${id}/category`,
    payload: { categoryId },
    as: admin,
  });
  expect(res.statusCode).toBe(200);
};
async function train() {
  const res = await t.inject({ method: 'POST', url: '/api/admin/message-insights/train', as: admin });
  expect(res.statusCode).toBe(202);
  const run = res.json();
  let state = run;
  for (let i = 0; i < 200 && !['DONE', 'FAILED'].includes(state.status); i++) {
    await t.app.jobs.tick(NLP_JOB);
    state = (
      await t.inject({ method: 'GET', url: `/api/admin/message-insights/runs/${run.id}`, as: admin })
    ).json();
  }
  expect(state).toMatchObject({ status: 'DONE', progress: 100 });
  return state;
}
const insightOf = async (id: number) =>
  (await t.inject({ method: 'GET', url: `/api/admin/message-insights/of?ids=${id}`, as: admin })).json()
    .items[0];

describe('category suggestion', () => {
  let points: number;
  let vouchers: number;
  let lounge: number;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await t.signIn();
    const [c] = rowsOf<{ id: number }>(
      await t.app.db.execute(
        sql`insert into customers (customer_number, full_name) values ('NLP0001', 'Nora') returning id`,
      ),
    );
    customerId = Number(c?.id);
    const cats = await t.app.db
      .insert(messageCategories)
      .values([
        { nameEn: 'Points', nameAr: 'النقاط', responseTargetHours: 24 },
        { nameEn: 'Vouchers', nameAr: 'القسائم', responseTargetHours: 24 },
        { nameEn: 'Lounges', nameAr: 'الصالات', responseTargetHours: 24 },
      ])
      .returning();
    [points, vouchers, lounge] = cats.map((x) => x.id) as [number, number, number];
  });

  it('learns from staff categorisations, measures per language on the newest ones, and improves after corrections', async () => {
    for (let i = 0; i < 6; i++) {
      await categorise(await conversation(pointsEn[i] as string), points);
      await categorise(await conversation(vouchersEn[i] as string), vouchers);
      if (i < 3) {
        await categorise(await conversation(pointsAr[i] as string), points);
        await categorise(await conversation(vouchersAr[i] as string), vouchers);
      }
    }
    const fresh = await conversation('Is the airport lounge free for my tier?');
    const first = await train();
    const overview = (
      await t.inject({ method: 'GET', url: '/api/admin/message-insights/overview', as: admin })
    ).json();
    expect(overview.model.id).toBe(first.modelId);
    expect(overview.model.trainedOn + overview.model.testedOn).toBe(18);
    expect(overview.model.testedOn).toBe(4);
    expect(overview.model.category.en.n + overview.model.category.ar.n).toBe(4);
    expect(overview.model.sentiment.en.accuracy).toBeGreaterThan(0.5);
    const before = await insightOf(fresh);
    expect(before.suggestedCategoryId).not.toBe(lounge);

    // Staff correct it, and categorise a few more like it: the next training learns them.
    await categorise(fresh, lounge);
    for (const text of loungeEn) await categorise(await conversation(text), lounge);
    const next = await conversation('Airport lounge access with my gold tier?');
    await train();
    const after = await insightOf(next);
    expect(after.suggestedCategoryId).toBe(lounge);
    expect(after.confidence).toBeGreaterThan(0.5);
  });

  it('GET /message-insights/overview and the drill-down: trend by category and month, keywords, filters', async () => {
    const overview = (
      await t.inject({ method: 'GET', url: '/api/admin/message-insights/overview', as: admin })
    ).json();
    expect(overview.analysed).toBe(24);
    expect(overview.languages).toEqual([
      { language: 'ar', count: 6 },
      { language: 'en', count: 18 },
    ]);
    const pointsTrend = overview.trend.filter((p: { categoryId: number }) => p.categoryId === points);
    expect(pointsTrend.reduce((n: number, p: { count: number }) => n + p.count, 0)).toBe(9);
    expect(overview.keywords.some((k: { word: string }) => k.word === 'voucher')).toBe(true);
    const month = pointsTrend[0].period;
    const [y, m] = month.split('-').map(Number);
    const next = new Date(Date.UTC(y, m, 1)).toISOString();
    const drill = (
      await t.inject({
        method: 'GET',
        url: `/api/admin/message-insights?from=${month}-01T00:00:00Z&to=${next}&categoryId=${points}&pageSize=100`,
        as: admin,
      })
    ).json();
    expect(drill.total).toBe(pointsTrend[0].count);
    expect(
      drill.items.every(
        (i: { categoryId: number; createdAt: string }) =>
          i.categoryId === points && i.createdAt.startsWith(month),
      ),
    ).toBe(true);
    const negative = (
      await t.inject({
        method: 'GET',
        url: '/api/admin/message-insights?sentiment=NEGATIVE&language=ar',
        as: admin,
      })
    ).json();
    expect(
      negative.items.every(
        (i: { sentiment: string; language: string }) => i.sentiment === 'NEGATIVE' && i.language === 'ar',
      ),
    ).toBe(true);
    const bad = await t.inject({
      method: 'GET',
      url: '/api/admin/message-insights/of?ids=1,x',
      as: admin,
    });
    expect(bad.statusCode).toBe(400);
    const reader = await t.userWith(['messageInsight.read']);
    const refused = await t.inject({ method: 'POST', url: '/api/admin/message-insights/train', as: reader });
    expect(refused.statusCode).toBe(403);
  });
});
