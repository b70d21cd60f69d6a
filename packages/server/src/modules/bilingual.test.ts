import { commandNamesAr } from '@loyalty/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvalServices, permissions, roles, tiers } from '../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { channel, programmeFixtures } from './loyalty/testing.ts';
import { uploadImage } from './rewards/testing.ts';

/** Bilingual names (decisions/bilingual.md): Arabic beside the English, fallback, filter, channel API. */
let t: TestApp;
let admin: { authorization: string };
let fx: ReturnType<typeof programmeFixtures>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn();
  fx = programmeFixtures(t, admin);
});

const get = async (url: string) => {
  const res = await t.inject({ method: 'GET', url, as: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const names = (page: { items: { name: string }[] }) => page.items.map((i) => i.name);

describe('tiers and transaction types in two languages', () => {
  it('keeps the Arabic beside the English; left out, it is empty (the English is shown)', async () => {
    const gold = await fx.post('/api/admin/tiers', {
      name: 'Gold',
      nameAr: ' ذهبي ',
      description: 'Lounge access',
      descriptionAr: 'دخول الصالات',
      minPoints: 0,
      maxPoints: 999,
    });
    expect(gold).toMatchObject({ name: 'Gold', nameAr: 'ذهبي', descriptionAr: 'دخول الصالات' });
    const plain = await fx.tier('Plain', 1000, 1999);
    expect(plain).toMatchObject({ nameAr: '', descriptionAr: '' });

    const edited = await t.inject({
      method: 'PUT',
      url: `/api/admin/tiers/${plain.id}`,
      payload: { ...plain, nameAr: 'عادي', descriptionAr: 'بلا مزايا' },
      as: admin,
    });
    expect(edited.json()).toMatchObject({ nameAr: 'عادي', descriptionAr: 'بلا مزايا' });
    // Searching in Arabic finds the tier.
    expect(names(await get(`/api/admin/tiers?q=${encodeURIComponent('ذهب')}`))).toEqual(['Gold']);
  });

  it('refuses an Arabic name that is too long, naming the field, and saves nothing', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/admin/transaction-types',
      payload: { name: 'Long', nameAr: 'ا'.repeat(101), description: 'd', type: 'EARN', code: 'LONG_AR' },
      as: admin,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ path: 'nameAr' })]);
    expect((await get('/api/admin/transaction-types?q=LONG_AR')).total).toBe(0);
  });

  it('lists the rows whose Arabic is empty or still the English copy (missingTranslation=true)', async () => {
    await fx.post('/api/admin/transaction-types', {
      name: 'Card',
      nameAr: 'بطاقة',
      description: 'Card spend',
      descriptionAr: 'إنفاق بالبطاقة',
      type: 'EARN',
      code: 'CARD_AR',
    });
    await fx.type('UNTRANSLATED');
    const copied = await fx.type('COPIED');
    // What the migration leaves on existing rows: the Arabic is a copy of the English.
    await t.inject({
      method: 'PUT',
      url: `/api/admin/transaction-types/${copied.id}`,
      payload: { ...copied, nameAr: copied.name, descriptionAr: copied.description },
      as: admin,
    });
    const missing = await get('/api/admin/transaction-types?missingTranslation=true&pageSize=100');
    expect(names(missing)).toEqual(expect.arrayContaining(['UNTRANSLATED name', 'COPIED name']));
    expect(names(missing)).not.toContain('Card');
    const all = await get('/api/admin/transaction-types?missingTranslation=false&pageSize=100');
    expect(names(all)).toContain('Card');
  });
});

describe('rewards in two languages', () => {
  it('answers the referenced store and category names in both languages, and filters untranslated rows', async () => {
    const imageId = await uploadImage(t, admin);
    const category = await fx.post('/api/admin/reward-categories', {
      name: 'Dining',
      nameAr: 'المطاعم',
      description: 'Restaurants',
      descriptionAr: 'مطاعم',
      imageId,
    });
    const store = await fx.post('/api/admin/stores', {
      name: 'Olive',
      nameAr: 'زيتون',
      imageId,
      categoryId: category.id,
    });
    expect(store).toMatchObject({ categoryName: 'Dining', categoryNameAr: 'المطاعم' });
    const voucher = await fx.post('/api/admin/vouchers', {
      name: 'Dinner',
      description: 'Dinner for two',
      imageId,
      storeId: store.id,
      amount: 5,
      pointsRequired: 100,
      money: 10,
    });
    expect(voucher).toMatchObject({ nameAr: '', storeName: 'Olive', storeNameAr: 'زيتون' });
    const listed = await get(`/api/admin/vouchers?storeId=${store.id}`);
    expect(listed.items[0]).toMatchObject({ storeNameAr: 'زيتون' });
    expect(names(await get('/api/admin/vouchers?missingTranslation=true'))).toContain('Dinner');
    expect(names(await get('/api/admin/stores?missingTranslation=true'))).not.toContain('Olive');
    expect(names(await get('/api/admin/reward-categories?missingTranslation=true'))).not.toContain('Dining');
  });
});

describe('roles, permissions and maker-checker services', () => {
  it('seeds the permission catalogue and the services with their Arabic names', async () => {
    const [perm] = await t.app.db.select().from(permissions).where(eq(permissions.code, 'tier.create'));
    expect(perm).toMatchObject({ name: 'Create a loyalty tier', nameAr: commandNamesAr['tier.create'] });
    const [service] = await t.app.db
      .select()
      .from(approvalServices)
      .where(eq(approvalServices.serviceId, 'tier.create'));
    expect(service).toMatchObject({ nameEn: 'Create a loyalty tier', nameAr: 'إنشاء شريحة ولاء' });
    const [superAdmin] = await t.app.db.select().from(roles).where(eq(roles.code, 'SUPER_ADMIN'));
    expect(superAdmin?.nameAr).toBe('المشرف العام');
    // Every seeded permission has its Arabic: nothing for the filter to find.
    expect((await get('/api/admin/permissions?missingTranslation=true')).total).toBe(0);
    expect((await get('/api/admin/services?missingTranslation=true&active=true')).total).toBe(0);
  });

  it('keeps a role’s Arabic name and description', async () => {
    const role = await fx.post('/api/admin/roles', {
      code: 'TELLER_AR',
      name: 'Teller',
      nameAr: 'صراف',
      description: 'Front desk',
      descriptionAr: 'مكتب الاستقبال',
      status: 'ACTIVE',
      permissions: ['tier.read'],
    });
    expect(role).toMatchObject({ nameAr: 'صراف', descriptionAr: 'مكتب الاستقبال' });
    expect(names(await get('/api/admin/roles?missingTranslation=true'))).not.toContain('Teller');
  });
});

describe('GET /api/integration/v1/customers/:customerNumber/balance', () => {
  it('names the tier in the language asked for, else the customer’s, else English', async () => {
    const [gold] = await t.app.db.select().from(tiers).where(eq(tiers.name, 'Gold'));
    const api = channel(t, await fx.apiKey());
    await api('PUT', '/customers/LANG-AR', { fullName: 'Sara', language: 'ar' });
    await api('PUT', '/customers/LANG-EN', { fullName: 'Sam', language: 'en' });
    const balanceKey = await fx.apiKey(['balance']);
    const balance = (number: string, acceptLanguage?: string) =>
      t.inject({
        method: 'GET',
        url: `/api/integration/v1/customers/${number}/balance`,
        headers: { ...balanceKey, ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) },
      });
    expect(gold?.minPoints).toBe(0); // new customers hold the lowest tier
    expect((await balance('LANG-AR')).json().tier).toBe('ذهبي');
    expect((await balance('LANG-EN')).json().tier).toBe('Gold');
    expect((await balance('LANG-EN', 'ar-SA,ar;q=0.9')).json().tier).toBe('ذهبي');
    expect((await balance('LANG-AR', 'en-GB')).json().tier).toBe('Gold');
    expect((await balance('LANG-AR', 'fr')).json().tier).toBe('ذهبي');
  });
});
