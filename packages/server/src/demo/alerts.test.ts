import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { seedDemoAlerts } from './alerts.ts';
import { seedDemoProgramme } from './index.ts';

let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoProgramme(t.app.db, 300);
  await seedDemoAlerts(t.app.db);
  await seedDemoAlerts(t.app.db);
  admin = await t.signIn();
}, 120_000);

const get = async (url: string) =>
  (await t.inject({ method: 'GET', url: `/api/admin${url}`, as: admin })).json();

describe('seedDemoAlerts', () => {
  it('adds the categories, groups and alerts once, in both languages', async () => {
    const categories = await get('/alert-categories?sort=nameEn:asc');
    expect(categories.items.map((c: { nameEn: string }) => c.nameEn)).toEqual([
      'Points',
      'Rewards',
      'Security',
      'Service',
    ]);
    expect(categories.items.every((c: { nameAr: string }) => /[\u0600-\u06FF]/.test(c.nameAr))).toBe(true);
    const alerts = await get('/alerts?pageSize=100');
    expect(alerts.total).toBe(11);
    for (const a of alerts.items) {
      for (const template of Object.values(a.templates) as { bodyAr: string }[]) {
        expect(template.bodyAr).toMatch(/[\u0600-\u06FF]/);
      }
    }
  });

  it('has 30 days of "points earned" deliveries: delivered, dead-lettered and skipped, in each customer’s language', async () => {
    const earned = (await get('/alerts?event=POINTS_EARNED&status=ACTIVE')).items[0];
    const stats = await get(`/alerts/${earned.id}/stats`);
    expect(stats.delivered).toBeGreaterThan(100);
    expect(stats.failed).toBeGreaterThan(0);
    const deliveries = (await get(`/alert-deliveries?alertId=${earned.id}&pageSize=100`)).items;
    const ar = deliveries.find((d: { language: string }) => d.language === 'ar');
    const en = deliveries.find((d: { language: string }) => d.language === 'en');
    expect(ar?.body).toMatch(/[\u0600-\u06FF]/);
    expect(en?.body).toMatch(/^(You earned|Bank Rewards|Your purchase)/);
    expect(deliveries.every((d: { body: string }) => !d.body.includes('{{'))).toBe(true);
  });
});
