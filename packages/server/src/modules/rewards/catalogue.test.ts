import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { uploadImage } from './testing.ts';

let t: TestApp;
let admin: { authorization: string };
let imageId: string;
let otherImageId: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn();
  imageId = await uploadImage(t, admin, 10);
  otherImageId = await uploadImage(t, admin, 11);
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, as = admin) =>
  t.inject({ method, url: `/api/admin${url}`, ...(payload ? { payload } : {}), as });

const category = (name: string) => ({ name, description: `${name} rewards`, imageId });
const store = (name: string, categoryId: number) => ({ name, imageId, categoryId });
const voucher = (name: string, storeId: number, extra: object = {}) => ({
  name,
  description: `${name} voucher`,
  imageId,
  storeId,
  amount: 100,
  pointsRequired: 500,
  money: 25.5,
  ...extra,
});
const created = async (url: string, body: object) => {
  const res = await call('POST', url, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};

describe('/api/admin/reward-categories', () => {
  it('creates, reads, updates with before/after in the audit, and deletes', async () => {
    const c = await created('/reward-categories', category('Dining'));
    expect(c).toMatchObject({ name: 'Dining', imageId });
    expect((await call('GET', `/reward-categories/${c.id}`)).json()).toMatchObject({
      id: c.id,
      name: 'Dining',
    });

    const put = await call('PUT', `/reward-categories/${c.id}`, {
      ...category('Dining out'),
      imageId: otherImageId,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ name: 'Dining out', imageId: otherImageId });
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.command, 'rewardCategory.update'), eq(auditLog.targetId, String(c.id))));
    expect(entry?.before).toMatchObject({ name: 'Dining' });
    expect(entry?.after).toMatchObject({ name: 'Dining out' });

    expect((await call('DELETE', `/reward-categories/${c.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/reward-categories/${c.id}`)).statusCode).toBe(404);
  });

  it("answers 'you must fill all input' on create and 'Please fill all fields.' on edit", async () => {
    const create = await call('POST', '/reward-categories', { name: ' ', description: 'x' });
    expect(create.statusCode).toBe(400);
    expect(create.json().errors).toEqual([
      { path: 'name', message: 'mustFillAllInput' },
      { path: 'imageId', message: 'mustFillAllInput' },
    ]);
    const c = await created('/reward-categories', category('Travel'));
    const edit = await call('PUT', `/reward-categories/${c.id}`, { name: 'Travel', description: '' });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().errors).toEqual([
      { path: 'description', message: 'fillAllFields' },
      { path: 'imageId', message: 'fillAllFields' },
    ]);
  });

  it('refuses an image that was never uploaded, and a duplicate name whatever its case', async () => {
    const ghost = await call('POST', '/reward-categories', {
      ...category('Ghost'),
      imageId: '7b0a5a4e-1d7c-4c1b-9f0e-3d2f1c0b9a88',
    });
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json().errors).toEqual([{ path: 'imageId', message: 'Not found' }]);
    await created('/reward-categories', category('Fuel'));
    const dup = await call('POST', '/reward-categories', category('FUEL'));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('CONFLICT');
  });

  it('refuses to delete a category that still has stores', async () => {
    const c = await created('/reward-categories', category('Shopping'));
    await created('/stores', store('Mall One', c.id));
    const del = await call('DELETE', `/reward-categories/${c.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({ code: 'CONFLICT', detail: 'The category still has stores' });
  });

  it('lists with paging, sorting and search', async () => {
    const page = (await call('GET', '/reward-categories?sort=name:desc&pageSize=2')).json();
    expect(page).toMatchObject({ page: 1, pageSize: 2 });
    expect(page.total).toBe(3);
    const names = page.items.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort().reverse());
    const found = (await call('GET', '/reward-categories?q=TRAV')).json();
    expect(found.items.map((c: { name: string }) => c.name)).toEqual(['Travel']);
    expect((await call('GET', '/reward-categories?sort=imageId:asc')).statusCode).toBe(400);
  });

  it('needs the permissions', async () => {
    const reader = await t.userWith(['rewardCategory.read']);
    expect((await call('GET', '/reward-categories', undefined, reader)).statusCode).toBe(200);
    expect((await call('POST', '/reward-categories', category('Nope'), reader)).statusCode).toBe(403);
    const nobody = await t.userWith([]);
    expect((await call('GET', '/reward-categories', undefined, nobody)).statusCode).toBe(403);
  });
});

describe('/api/admin/stores', () => {
  let categoryId: number;
  let otherCategoryId: number;
  beforeAll(async () => {
    categoryId = (await created('/reward-categories', category('Electronics'))).id;
    otherCategoryId = (await created('/reward-categories', category('Books'))).id;
  });

  it('creates with the category name, updates, lists by category and deletes', async () => {
    const s = await created('/stores', store('Gadget Hub', categoryId));
    expect(s).toMatchObject({ name: 'Gadget Hub', categoryId, categoryName: 'Electronics' });
    const put = await call('PUT', `/stores/${s.id}`, store('Gadget Hub', otherCategoryId));
    expect(put.json()).toMatchObject({ categoryId: otherCategoryId, categoryName: 'Books' });

    await created('/stores', store('Page Turner', otherCategoryId));
    const byCategory = (await call('GET', `/stores?categoryId=${otherCategoryId}&sort=name:asc`)).json();
    expect(
      byCategory.items.map((i: { name: string; categoryName: string }) => [i.name, i.categoryName]),
    ).toEqual([
      ['Gadget Hub', 'Books'],
      ['Page Turner', 'Books'],
    ]);
    expect((await call('DELETE', `/stores/${s.id}`)).statusCode).toBe(204);
  });

  it("answers 'Please fill all fields.' for missing fields and refuses an unknown category", async () => {
    const res = await call('POST', '/stores', { name: 'X' });
    expect(res.json().errors).toEqual([
      { path: 'imageId', message: 'fillAllFields' },
      { path: 'categoryId', message: 'fillAllFields' },
    ]);
    const unknown = await call('POST', '/stores', store('Nowhere', 999_999));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ path: 'categoryId', message: 'Not found' }]);
  });

  it('refuses to delete a store that still has vouchers, and answers 404 for a missing one', async () => {
    const s = await created('/stores', store('Busy Store', categoryId));
    await created('/vouchers', voucher('Busy voucher', s.id));
    const del = await call('DELETE', `/stores/${s.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().detail).toBe('The store still has vouchers');
    expect((await call('PUT', '/stores/999999', store('Z', categoryId))).statusCode).toBe(404);
    expect((await call('DELETE', '/stores/999999')).statusCode).toBe(404);
  });
});

describe('/api/admin/vouchers', () => {
  let storeId: number;
  beforeAll(async () => {
    const c = await created('/reward-categories', category('Coffee'));
    storeId = (await created('/stores', store('Bean There', c.id))).id;
  });

  it('creates with defaults, stock and store name, and reads it back', async () => {
    const v = await created('/vouchers', voucher('Free latte', storeId, { perCustomerLimit: 2 }));
    expect(v).toMatchObject({
      name: 'Free latte',
      storeName: 'Bean There',
      amount: 100,
      issued: 0,
      remaining: 100,
      money: 25.5,
      status: 'ACTIVE',
      validFrom: null,
      validUntil: null,
      perCustomerLimit: 2,
    });
    expect((await call('GET', `/vouchers/${v.id}`)).json()).toEqual(v);
  });

  it("answers 'All Fields Required' for missing fields and 'Points Must be Number' for points that are not", async () => {
    const missing = await call('POST', '/vouchers', { name: 'Half' });
    expect(missing.statusCode).toBe(400);
    const paths = Object.fromEntries(
      missing.json().errors.map((e: { path: string; message: string }) => [e.path, e.message]),
    );
    expect(paths).toEqual({
      description: 'allFieldsRequired',
      imageId: 'allFieldsRequired',
      storeId: 'allFieldsRequired',
      amount: 'allFieldsRequired',
      pointsRequired: 'allFieldsRequired',
      money: 'allFieldsRequired',
    });
    for (const pointsRequired of ['abc', '500', 12.5]) {
      const res = await call('POST', '/vouchers', voucher('Bad points', storeId, { pointsRequired }));
      expect(res.json().errors, String(pointsRequired)).toEqual([
        { path: 'pointsRequired', message: 'pointsMustBeNumber' },
      ]);
    }
  });

  it('refuses a validity that ends before it starts, and keeps inclusive dates', async () => {
    const bad = await call(
      'POST',
      '/vouchers',
      voucher('Backwards', storeId, { validFrom: '2026-05-02', validUntil: '2026-05-01' }),
    );
    expect(bad.json().errors).toEqual([{ path: 'validUntil', message: 'validUntilBeforeValidFrom' }]);
    const oneDay = await created(
      '/vouchers',
      voucher('One day', storeId, { validFrom: '2026-05-01', validUntil: '2026-05-01' }),
    );
    expect(oneDay).toMatchObject({ validFrom: '2026-05-01', validUntil: '2026-05-01' });
  });

  it('updates, refuses a duplicate name in the same store, filters by store and status', async () => {
    const v = await created('/vouchers', voucher('Cookie', storeId));
    const put = await call(
      'PUT',
      `/vouchers/${v.id}`,
      voucher('Cookie box', storeId, { status: 'INACTIVE', amount: 5 }),
    );
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ name: 'Cookie box', status: 'INACTIVE', amount: 5, remaining: 5 });
    expect((await call('POST', '/vouchers', voucher('free LATTE', storeId))).statusCode).toBe(409);
    const inactive = (await call('GET', `/vouchers?storeId=${storeId}&status=INACTIVE`)).json();
    expect(inactive.items.map((i: { name: string }) => i.name)).toEqual(['Cookie box']);
    const sorted = (
      await call('GET', `/vouchers?storeId=${storeId}&sort=pointsRequired:desc&q=cookie`)
    ).json();
    expect(sorted.total).toBe(1);
  });

  it('deletes a voucher nobody redeemed', async () => {
    const v = await created('/vouchers', voucher('Short lived', storeId));
    expect((await call('DELETE', `/vouchers/${v.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/vouchers/${v.id}`)).statusCode).toBe(404);
  });

  it('needs voucher permissions', async () => {
    const reader = await t.userWith(['voucher.read']);
    expect((await call('GET', '/vouchers', undefined, reader)).statusCode).toBe(200);
    expect((await call('POST', '/vouchers', voucher('No', storeId), reader)).statusCode).toBe(403);
    expect((await call('DELETE', '/vouchers/1', undefined, reader)).statusCode).toBe(403);
  });
});

describe('GET /api/admin/vouchers?available=true', () => {
  it('lists only what a customer can redeem today', async () => {
    const c = await created('/reward-categories', category('Availability'));
    const s = await created('/stores', store('Availability store', c.id));
    await created('/vouchers', voucher('Open', s.id));
    await created('/vouchers', voucher('Empty', s.id, { amount: 0 }));
    await created('/vouchers', voucher('Off', s.id, { status: 'INACTIVE' }));
    await created('/vouchers', voucher('Expired', s.id, { validUntil: '2020-01-01' }));
    await created('/vouchers', voucher('Future', s.id, { validFrom: '2999-01-01' }));
    const names = async (q: string) =>
      (await call('GET', `/vouchers?storeId=${s.id}&sort=name:asc${q}`))
        .json()
        .items.map((v: { name: string }) => v.name);
    expect(await names('&available=true')).toEqual(['Open']);
    expect(await names('&available=false')).toHaveLength(5);
    expect(await names('')).toHaveLength(5);
  });
});
