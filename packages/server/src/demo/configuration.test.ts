import {
  checkConfigValue,
  eligibilityCriterionFields,
  type ServiceDefinition,
  serviceDefinitionFields,
} from '@loyalty/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { seedDemoConfiguration } from './configuration.ts';
import { seedDemoProgramme } from './index.ts';

let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoProgramme(t.app.db, 400);
  await seedDemoConfiguration(t.app.db);
  await seedDemoConfiguration(t.app.db);
  admin = await t.signIn();
}, 120_000);

const get = async (url: string) =>
  (await t.inject({ method: 'GET', url: `/api/admin${url}`, as: admin })).json();
const arabic = /[\u0600-\u06FF]/;

describe('seedDemoConfiguration', () => {
  it('adds service definitions once, valid, in both languages', async () => {
    const page = await get('/service-definitions?pageSize=100');
    expect(page.total).toBe(5);
    for (const d of page.items as ServiceDefinition[]) {
      expect(serviceDefinitionFields.safeParse(d).error).toBeUndefined();
      expect(d.nameAr).toMatch(arabic);
    }
    const redeem = page.items.find((d: ServiceDefinition) => d.service === 'redeem-voucher');
    expect(redeem.channels).not.toContain('POS');
  });

  it('adds eligibility criteria once, valid, in both languages; only a harmless one is active', async () => {
    const page = await get('/eligibility-criteria?pageSize=100');
    expect(page.total).toBe(5);
    for (const k of page.items) {
      expect(eligibilityCriterionFields.safeParse(k).error).toBeUndefined();
      expect(k.nameAr).toMatch(arabic);
    }
    expect(
      (await get('/eligibility-criteria?status=ACTIVE')).items.map((k: { scope: string }) => k.scope),
    ).toEqual(['ENROL']);
  });

  it('switches messages, maps and the FAQ off at the till', async () => {
    const features = (await get('/features?pageSize=100')).items as { code: string; channels: string[] }[];
    const on = Object.fromEntries(features.map((f) => [f.code, f.channels]));
    for (const code of ['messages', 'locations', 'faq']) expect(on[code]).not.toContain('POS');
    expect(on.earn).toContain('POS');
  });

  it('gives demo customers the facts criteria decide with', async () => {
    const [c] = (await get('/customers?pageSize=1')).items;
    const check = await get(`/eligibility-criteria/check?customerNumber=${c.customerNumber}`);
    expect(check.facts.nationality).toMatch(/^[A-Z]{2}$/);
    expect(check.facts.age).toBeGreaterThanOrEqual(18);
    expect([1, 2, 3]).toContain(check.facts.kycLevel);
    expect(check.facts.products).toContain('CURRENT_ACCOUNT');
  });
});

describe('seedDemoBundles', () => {
  it('adds the demo bundles once, in both languages, every value valid and the secret hidden', async () => {
    const page = await get('/config-bundles?system=false&pageSize=100');
    expect(page.items.map((b: { code: string }) => b.code).sort()).toEqual(['mobileApp', 'statements']);
    for (const b of page.items) {
      expect(b.descriptionAr).toMatch(arabic);
      const items = await get(`/config-bundles/${b.id}/items`);
      for (const i of items) {
        expect(i.descriptionAr).toMatch(arabic);
        if (i.secret) expect(i).toMatchObject({ value: null, hasValue: true });
        else expect(checkConfigValue(i, i.value)).toBeUndefined();
      }
    }
  });
});
