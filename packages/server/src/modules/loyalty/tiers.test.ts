import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
let admin: { authorization: string };
const tier = (name: string, minPoints: number, maxPoints: number) => ({
  name,
  description: `${name} members`,
  minPoints,
  maxPoints,
});

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn();
});

const create = (body: object, as = admin) =>
  t.inject({ method: 'POST', url: '/api/admin/tiers', payload: body, as });

describe('POST /api/admin/tiers', () => {
  it('creates a tier and audits it with the after-image', async () => {
    const res = await create(tier('Bronze', 0, 999));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ name: 'Bronze', minPoints: 0, maxPoints: 999 });
    expect(body.id).toBeTypeOf('number');
    expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);

    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.command, 'tier.create'), eq(auditLog.targetId, String(body.id))));
    expect(entry).toMatchObject({ outcome: 'SUCCESS', actorUsername: 'admin', targetType: 'tier' });
    expect(entry?.after).toMatchObject({ name: 'Bronze' });
  });

  it('answers the spec message keys for missing fields', async () => {
    const res = await create({ name: '', minPoints: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const problem = res.json();
    expect(problem.code).toBe('VALIDATION_FAILED');
    expect(problem.errors).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'fillAllFields' },
        { path: 'description', message: 'fillAllFields' },
        { path: 'maxPoints', message: 'fillAllFields' },
      ]),
    );
  });

  it('refuses min points not below max points', async () => {
    const res = await create(tier('Odd', 500, 500));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'maxPoints', message: 'minLessThanMax' }]);
  });

  it('refuses a range that overlaps another tier, inclusive at the edges', async () => {
    const res = await create(tier('Overlap', 999, 2000));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'TIER_RANGE_OVERLAP',
      detail: expect.stringContaining('Bronze'),
    });
  });

  it('refuses a duplicate name whatever its case', async () => {
    const res = await create(tier('bronze', 50_000, 60_000));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CONFLICT');
  });

  it('lets only one of two concurrent overlapping creates through', async () => {
    const results = await Promise.all([
      create(tier('RaceA', 100_000, 200_000)),
      create(tier('RaceB', 150_000, 250_000)),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('is refused without the permission, and the refusal is audited', async () => {
    const reader = await t.userWith(['tier.read']);
    const res = await create(tier('Nope', 300_000, 300_100), reader);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.command, 'tier.create'), eq(auditLog.outcome, 'DENIED')))
      .orderBy(desc(auditLog.id));
    expect(entry?.actorUsername).toMatch(/^user_test_role_/);
  });

  it('is refused signed out', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/admin/tiers', payload: tier('X', 1, 2) });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });
});

describe('GET /api/admin/tiers', () => {
  beforeAll(async () => {
    for (const [name, min, max] of [
      ['Silver', 1000, 4999],
      ['Gold', 5000, 19_999],
      ['Platinum', 20_000, 49_999],
    ] as const) {
      expect((await create(tier(name, min, max))).statusCode).toBe(201);
    }
  });

  it('pages and sorts on the server', async () => {
    const res = await t.inject({
      method: 'GET',
      url: '/api/admin/tiers?page=1&pageSize=2&sort=minPoints:asc',
      as: admin,
    });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ page: 1, pageSize: 2 });
    expect(page.total).toBeGreaterThanOrEqual(5);
    expect(page.items.map((i: { name: string }) => i.name)).toEqual(['Bronze', 'Silver']);

    const desc = await t.inject({
      method: 'GET',
      url: '/api/admin/tiers?sort=name:desc&pageSize=100',
      as: admin,
    });
    const names = desc.json().items.map((i: { name: string }) => i.name);
    expect(names).toEqual([...names].sort().reverse());
  });

  it('searches by name and description, case-insensitively', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/admin/tiers?q=PLATI', as: admin });
    expect(res.json().items.map((i: { name: string }) => i.name)).toEqual(['Platinum']);
    const none = await t.inject({ method: 'GET', url: '/api/admin/tiers?q=%25', as: admin });
    expect(none.json()).toMatchObject({ items: [], total: 0 });
  });

  it('refuses a sort field that is not allow-listed and an oversized page', async () => {
    for (const url of ['/api/admin/tiers?sort=password:asc', '/api/admin/tiers?pageSize=5000']) {
      const res = await t.inject({ method: 'GET', url, as: admin });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('needs tier.read', async () => {
    const nobody = await t.userWith([]);
    expect((await t.inject({ method: 'GET', url: '/api/admin/tiers', as: nobody })).statusCode).toBe(403);
  });
});

describe('GET/PUT/DELETE /api/admin/tiers/:id', () => {
  it('reads, updates with before/after in the audit, and deletes', async () => {
    const id = (await create(tier('Temp', 700_000, 700_999))).json().id;
    const got = await t.inject({ method: 'GET', url: `/api/admin/tiers/${id}`, as: admin });
    expect(got.json()).toMatchObject({ id, name: 'Temp' });

    const put = await t.inject({
      method: 'PUT',
      url: `/api/admin/tiers/${id}`,
      payload: tier('Temporary', 700_000, 701_999),
      as: admin,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ name: 'Temporary', maxPoints: 701_999 });
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.command, 'tier.update'), eq(auditLog.targetId, String(id))));
    expect(entry?.before).toMatchObject({ name: 'Temp', maxPoints: 700_999 });
    expect(entry?.after).toMatchObject({ name: 'Temporary', maxPoints: 701_999 });

    const del = await t.inject({ method: 'DELETE', url: `/api/admin/tiers/${id}`, as: admin });
    expect(del.statusCode).toBe(204);
    expect((await t.inject({ method: 'GET', url: `/api/admin/tiers/${id}`, as: admin })).statusCode).toBe(
      404,
    );
  });

  it('lets a tier keep its own range but not take another tier’s', async () => {
    const id = (await create(tier('Solo', 800_000, 800_999))).json().id;
    const same = await t.inject({
      method: 'PUT',
      url: `/api/admin/tiers/${id}`,
      payload: tier('Solo', 800_000, 800_999),
      as: admin,
    });
    expect(same.statusCode).toBe(200);
    const clash = await t.inject({
      method: 'PUT',
      url: `/api/admin/tiers/${id}`,
      payload: tier('Solo', 0, 10),
      as: admin,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().code).toBe('TIER_RANGE_OVERLAP');
  });

  it('answers 404 problem for a missing tier and 400 for a bad id', async () => {
    const missing = await t.inject({
      method: 'PUT',
      url: '/api/admin/tiers/999999',
      payload: tier('Z', 1, 2),
      as: admin,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
    expect((await t.inject({ method: 'DELETE', url: '/api/admin/tiers/999999', as: admin })).statusCode).toBe(
      404,
    );
    expect((await t.inject({ method: 'GET', url: '/api/admin/tiers/abc', as: admin })).statusCode).toBe(400);
  });
});
