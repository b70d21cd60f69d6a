import { locationInput } from '@loyalty/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { sanitizeLegalHtml } from '../modules/content/index.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { demoLegal, demoLocations, seedDemoContent } from './content.ts';

let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoContent(t.app.db);
  await seedDemoContent(t.app.db);
  admin = await t.signIn();
}, 120_000);

const get = async (url: string) => (await t.inject({ method: 'GET', url, as: admin })).json();

describe('seedDemoContent', () => {
  it('adds branches and ATMs across the cities once, each one valid input', async () => {
    const all = demoLocations();
    for (const location of all) expect(locationInput.safeParse(location).error).toBeUndefined();
    expect(new Set(all.map((l) => l.nameEn)).size).toBe(all.length);
    expect(new Set(all.map((l) => l.city)).size).toBeGreaterThanOrEqual(15);
    expect((await get('/api/admin/locations')).total).toBe(all.length);
    expect((await get('/api/admin/locations?type=ATM')).total).toBeGreaterThan(10);
  });

  it('adds twenty FAQ entries in each language, in order', async () => {
    for (const lang of ['en', 'ar']) {
      const page = await get(`/api/admin/faqs?lang=${lang}&pageSize=100`);
      expect(page.total).toBe(20);
      expect(page.items.map((f: { position: number }) => f.position)).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
    }
  });

  it('publishes a privacy policy and terms in both languages, as the sanitiser would keep them', async () => {
    for (const kind of ['PRIVACY', 'TERMS'] as const) {
      for (const body of demoLegal[kind].body) expect(sanitizeLegalHtml(body)).toBe(body);
      const page = await get(`/api/admin/legal-documents?kind=${kind}&status=PUBLISHED`);
      expect(page.items).toMatchObject([{ version: 1, titleAr: demoLegal[kind].title[1] }]);
    }
  });
});
