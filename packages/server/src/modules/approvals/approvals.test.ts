import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  approvalRequests,
  auditLog,
  configItems,
  rolePermissions,
  roles,
  tiers,
  users,
} from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { giveSecondFactor, requireSca, stepUp } from '../../test/secondFactor.ts';

type As = { authorization: string };
let t: TestApp;
let admin: As;
let maker: As;
let checker: As;
let bystander: As;
/** A second checker who approves the administrator's changes to maker-checker itself (a safeguard). */
let guardian: As;

const tierWriter = ['tier.read', 'tier.create', 'tier.update', 'tier.delete'];
let nextMin = 1_000;
/** A tier with a fresh, non-overlapping range. */
const tier = (name: string) => {
  nextMin += 1_000;
  return { name, description: `${name} members`, minPoints: nextMin, maxPoints: nextMin + 999 };
};

const putSettings = (body: object, as = admin) =>
  t.inject({ method: 'PUT', url: '/api/admin/maker-checker', payload: body, as });
/**
 * Changes the maker-checker settings. They are a safeguard (safeguards.ts): with a checker about,
 * the change waits for one, and the guardian approves it.
 */
const configure = async (body: object, as = admin) => {
  const res = await putSettings(body, as);
  if (res.statusCode !== 202) return res;
  const approved = await decide(res.json().requestId, 'approve', guardian);
  expect(approved.json().status).toBe('APPROVED');
  return t.inject({ method: 'GET', url: '/api/admin/maker-checker', as: admin });
};
const gate = (services: Record<string, boolean>, extra: object = {}) =>
  configure({
    enabled: true,
    allowSelfApproval: false,
    checkerPermission: 'approval.check',
    services: Object.entries(services).map(([serviceId, approvalRequired]) => ({
      serviceId,
      approvalRequired,
    })),
    ...extra,
  });
const createTier = (body: object, as = maker) =>
  t.inject({ method: 'POST', url: '/api/admin/tiers', payload: body, as });
const decide = (id: number | string, action: 'approve' | 'reject' | 'withdraw', as: As, payload?: object) =>
  t.inject({ method: 'POST', url: `/api/admin/approval-requests/${id}/${action}`, payload, as });
const view = (v: string, as: As, extra = '') =>
  t.inject({ method: 'GET', url: `/api/admin/approval-requests?view=${v}&pageSize=100${extra}`, as });
const ids = (res: { json(): { items: { id: number }[] } }) => res.json().items.map((i) => i.id);
const tierNamed = async (name: string) =>
  (await t.app.db.select().from(tiers).where(eq(tiers.name, name)))[0];
/** A tier written straight to the database (not through the gate). */
const seedTier = async (name: string) => {
  const [row] = await t.app.db.insert(tiers).values(tier(name)).returning();
  return row as typeof tiers.$inferSelect;
};
const auditOf = (requestId: number) =>
  t.app.db
    .select()
    .from(auditLog)
    .where(
      sql`${auditLog.approvalRequestId} = ${requestId} or (${auditLog.targetType} = 'approvalRequest' and ${auditLog.targetId} = ${String(requestId)})`,
    )
    .orderBy(asc(auditLog.seq));

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn();
  maker = await t.userWith(tierWriter);
  checker = await t.userWith(['tier.read', 'approval.check']);
  bystander = await t.userWith(['tier.read']);
  guardian = await t.userWith(['approval.check', 'tier.update']);
  expect((await gate({ 'tier.create': true, 'tier.update': true, 'tier.delete': true })).statusCode).toBe(
    200,
  );
});

describe('the gate', () => {
  it('holds a write as a pending request, and the checker’s approval applies it on the maker’s behalf', async () => {
    const res = await createTier(tier('Gated'));
    expect(res.statusCode).toBe(202);
    const { requestId, status } = res.json();
    expect(status).toBe('PENDING');
    expect(await tierNamed('Gated')).toBeUndefined();

    const request = await t.inject({
      method: 'GET',
      url: `/api/admin/approval-requests/${requestId}`,
      as: maker,
    });
    expect(request.json()).toMatchObject({
      serviceId: 'tier.create',
      status: 'PENDING',
      targetType: 'tier',
      targetId: null,
      input: { name: 'Gated' },
      before: null,
      after: { name: 'Gated' },
      maker: { username: expect.stringMatching(/^user_/) },
      makerIp: '127.0.0.1',
      checker: null,
    });
    expect(ids(await view('mine', maker))).toContain(Number(requestId));
    expect(ids(await view('inbox', checker))).toContain(Number(requestId));
    expect((await view('inbox', maker)).statusCode).toBe(403);
    expect(
      await t.inject({ method: 'GET', url: '/api/admin/approval-requests/pending-count', as: checker }),
    ).toMatchObject({
      statusCode: 200,
    });

    const approved = await decide(requestId, 'approve', checker);
    expect(approved.statusCode).toBe(200);
    const created = await tierNamed('Gated');
    expect(created).toBeDefined();
    expect(approved.json()).toMatchObject({
      status: 'APPROVED',
      targetId: String(created?.id),
      checker: { username: expect.stringMatching(/^user_/) },
      after: { id: created?.id, name: 'Gated' },
    });
    expect(ids(await view('mine', maker))).not.toContain(Number(requestId));
    expect(ids(await view('mine-history', maker))).toContain(Number(requestId));
    expect(ids(await view('inbox', checker))).not.toContain(Number(requestId));
    expect(ids(await view('inbox-history', checker))).toContain(Number(requestId));

    const trail = await auditOf(Number(requestId));
    expect(trail.map((e) => [e.command, e.outcome])).toEqual([
      ['tier.create', 'PENDING'],
      ['tier.create', 'SUCCESS'],
      ['approval.approve', 'SUCCESS'],
    ]);
    const [submitted, applied] = trail;
    expect(submitted?.actorUsername).toBe(applied?.onBehalfOf);
    expect(applied?.actorUsername).not.toBe(applied?.onBehalfOf);
    expect(applied).toMatchObject({ targetType: 'tier', targetId: String(created?.id) });
  });

  it('refuses a change against current data at once, without a request', async () => {
    const existing = await seedTier('Occupied');
    const res = await createTier({
      ...tier('Overlapping'),
      minPoints: existing.minPoints,
      maxPoints: existing.maxPoints,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('TIER_RANGE_OVERLAP');
    const [held] = await t.app.db
      .select()
      .from(approvalRequests)
      .where(sql`${approvalRequests.input}->>'name' = 'Overlapping'`);
    expect(held).toBeUndefined();
  });

  it('keeps the before image of an update and shows the change', async () => {
    const row = await seedTier('Before');
    const res = await t.inject({
      method: 'PUT',
      url: `/api/admin/tiers/${row.id}`,
      payload: { ...tier('After'), minPoints: row.minPoints, maxPoints: row.maxPoints },
      as: maker,
    });
    expect(res.statusCode).toBe(202);
    const got = await t.inject({
      method: 'GET',
      url: `/api/admin/approval-requests/${res.json().requestId}`,
      as: checker,
    });
    expect(got.json()).toMatchObject({
      targetType: 'tier',
      targetId: String(row.id),
      before: { name: 'Before' },
      after: { name: 'After' },
    });
    expect((await tierNamed('Before'))?.id).toBe(row.id);
  });

  it('lets every write through at once when the global switch is off', async () => {
    expect(
      (await configure({ enabled: false, allowSelfApproval: false, checkerPermission: 'approval.check' }))
        .statusCode,
    ).toBe(200);
    try {
      expect((await createTier(tier('Ungated'))).statusCode).toBe(201);
    } finally {
      expect((await gate({})).statusCode).toBe(200);
    }
  });
});

describe('decisions', () => {
  it('reject needs a reason and leaves the data unchanged', async () => {
    const { requestId } = (await createTier(tier('Rejected'))).json();
    const noReason = await decide(requestId, 'reject', checker, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual([{ path: 'reason', message: 'fillAllFields' }]);

    const res = await decide(requestId, 'reject', checker, { reason: 'Name clashes with the brand guide' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'REJECTED', reason: 'Name clashes with the brand guide' });
    expect(await tierNamed('Rejected')).toBeUndefined();
    expect((await decide(requestId, 'approve', checker)).json().code).toBe('APPROVAL_NOT_PENDING');
  });

  it('only the maker withdraws, and a withdrawn request cannot be approved', async () => {
    const { requestId } = (await createTier(tier('Withdrawn'))).json();
    const other = await decide(requestId, 'withdraw', checker);
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('FORBIDDEN');

    const res = await decide(requestId, 'withdraw', maker, { reason: 'Typo in the name' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'WITHDRAWN', reason: 'Typo in the name', checker: null });
    const late = await decide(requestId, 'approve', checker);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('APPROVAL_NOT_PENDING');
    expect(await tierNamed('Withdrawn')).toBeUndefined();
  });

  it('fails the approval when the record changed since the request, and the request says so', async () => {
    const row = await seedTier('Stale');
    const { requestId } = (
      await t.inject({
        method: 'PUT',
        url: `/api/admin/tiers/${row.id}`,
        payload: { ...tier('Stale2'), minPoints: row.minPoints, maxPoints: row.maxPoints },
        as: maker,
      })
    ).json();
    await t.app.db
      .update(tiers)
      .set({ description: 'changed meanwhile', updatedAt: sql`now()` })
      .where(eq(tiers.id, row.id));

    const res = await decide(requestId, 'approve', checker);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('APPROVAL_STALE');
    const after = await t.inject({
      method: 'GET',
      url: `/api/admin/approval-requests/${requestId}`,
      as: maker,
    });
    expect(after.json()).toMatchObject({ status: 'FAILED', failureCode: 'APPROVAL_STALE' });
    expect((await tierNamed('Stale'))?.description).toBe('changed meanwhile');
    const trail = await auditOf(Number(requestId));
    expect(trail.map((e) => [e.command, e.outcome, e.detail])).toEqual([
      ['tier.update', 'PENDING', null],
      ['approval.approve', 'FAILED', 'APPROVAL_STALE'],
    ]);
  });

  it('fails the approval of a change to a record deleted since', async () => {
    const row = await seedTier('Vanishing');
    const { requestId } = (
      await t.inject({ method: 'DELETE', url: `/api/admin/tiers/${row.id}`, as: maker })
    ).json();
    await t.app.db.delete(tiers).where(eq(tiers.id, row.id));
    const res = await decide(requestId, 'approve', checker);
    expect(res.json()).toMatchObject({ code: 'APPROVAL_STALE', detail: 'The record no longer exists' });
  });

  it('fails the approval when the maker was disabled or lost the permission since the request', async () => {
    const makerMe = async (as: As) =>
      (await t.inject({ method: 'GET', url: '/api/admin/auth/me', as })).json() as {
        id: number;
        role: string;
      };
    const gone = await t.userWith(tierWriter);
    const goneMe = await makerMe(gone);
    const stripped = await t.userWith(tierWriter);
    const strippedMe = await makerMe(stripped);
    const disabledRequest = Number((await createTier(tier('MakerGone'), gone)).json().requestId);
    const strippedRequest = Number((await createTier(tier('MakerStripped'), stripped)).json().requestId);

    await t.app.db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, goneMe.id));
    const [strippedRole] = await t.app.db.select().from(roles).where(eq(roles.code, strippedMe.role));
    await t.app.db
      .delete(rolePermissions)
      .where(
        and(
          eq(rolePermissions.roleId, (strippedRole as { id: number }).id),
          eq(rolePermissions.permissionCode, 'tier.create'),
        ),
      );

    for (const [requestId, detail] of [
      [disabledRequest, /is no longer active$/],
      [strippedRequest, /no longer holds tier\.create$/],
    ] as const) {
      const res = await decide(requestId, 'approve', checker);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
      expect(res.json().detail).toMatch(detail);
      const [request] = await t.app.db
        .select()
        .from(approvalRequests)
        .where(eq(approvalRequests.id, requestId));
      expect(request).toMatchObject({ status: 'FAILED', failureCode: 'FORBIDDEN' });
      expect(request?.failureDetail).toMatch(detail);
      expect((await auditOf(requestId)).map((e) => [e.command, e.outcome, e.detail])).toEqual([
        ['tier.create', 'PENDING', null],
        ['approval.approve', 'FAILED', 'FORBIDDEN'],
      ]);
    }
    expect(await tierNamed('MakerGone')).toBeUndefined();
    expect(await tierNamed('MakerStripped')).toBeUndefined();
  });

  it('a maker cannot check their own request unless self-approval is allowed', async () => {
    const both = await t.userWith([...tierWriter, 'approval.check']);
    const { requestId } = (await createTier(tier('Mine'), both)).json();
    expect(ids(await view('inbox', both))).not.toContain(Number(requestId));
    for (const action of ['approve', 'reject'] as const) {
      const res = await decide(requestId, action, both, { reason: 'x' });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('SELF_APPROVAL_FORBIDDEN');
    }

    expect((await gate({}, { allowSelfApproval: true })).statusCode).toBe(200);
    try {
      expect(ids(await view('inbox', both))).toContain(Number(requestId));
      expect((await decide(requestId, 'approve', both)).json().status).toBe('APPROVED');
    } finally {
      expect((await gate({})).statusCode).toBe(200);
    }
  });

  it('refuses deciding without the checker permission, and audits the refusal', async () => {
    const { requestId } = (await createTier(tier('NoChecker'))).json();
    const res = await decide(requestId, 'approve', bystander);
    expect(res.statusCode).toBe(403);
    const [denied] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.command, 'approval.approve'), eq(auditLog.outcome, 'DENIED')));
    expect(denied).toBeDefined();
    expect((await view('inbox', bystander)).statusCode).toBe(403);
    expect(
      (await t.inject({ method: 'GET', url: `/api/admin/approval-requests/${requestId}`, as: bystander }))
        .statusCode,
    ).toBe(403);
  });

  it('the checker permission is configurable', async () => {
    const { requestId } = (await createTier(tier('OtherChecker'))).json();
    const reader = await t.userWith(['tier.read', 'tier.update']);
    expect((await decide(requestId, 'approve', reader)).statusCode).toBe(403);
    expect((await gate({}, { checkerPermission: 'tier.update' })).statusCode).toBe(200);
    try {
      expect((await decide(requestId, 'approve', reader)).json().status).toBe('APPROVED');
    } finally {
      expect((await gate({})).statusCode).toBe(200);
    }
    const unknown = await gate({}, { checkerPermission: 'no.such.permission' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ path: 'checkerPermission', message: 'Unknown permission' }]);
  });
});

describe('one pending request per record and action', () => {
  it('refuses a second pending update of the same record, but not another action or record', async () => {
    const row = await seedTier('Twice');
    const update = (name: string) =>
      t.inject({
        method: 'PUT',
        url: `/api/admin/tiers/${row.id}`,
        payload: { ...tier(name), minPoints: row.minPoints, maxPoints: row.maxPoints },
        as: maker,
      });
    const first = await update('Twice A');
    expect(first.statusCode).toBe(202);
    const second = await update('Twice B');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'APPROVAL_ALREADY_PENDING',
      detail: expect.stringContaining(`#${first.json().requestId}`),
    });
    expect(
      (await t.inject({ method: 'DELETE', url: `/api/admin/tiers/${row.id}`, as: maker })).statusCode,
    ).toBe(202);

    await decide(first.json().requestId, 'withdraw', maker);
    expect((await update('Twice C')).statusCode).toBe(202);
  });

  it('refuses two pending creations of the same tier name, even at the same time', async () => {
    const body = tier('Race');
    const results = await Promise.all([createTier(body), createTier({ ...body, name: 'RACE' })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([202, 409]);
  });
});

describe('POST /api/admin/approval-requests/bulk', () => {
  it('decides each request on its own and reports each outcome', async () => {
    const good = (await createTier(tier('BulkGood'))).json().requestId;
    const done = (await createTier(tier('BulkDone'))).json().requestId;
    await decide(done, 'approve', checker);
    const row = await seedTier('BulkStale');
    const stale = (
      await t.inject({
        method: 'PUT',
        url: `/api/admin/tiers/${row.id}`,
        payload: { ...tier('BulkStale2'), minPoints: row.minPoints, maxPoints: row.maxPoints },
        as: maker,
      })
    ).json().requestId;
    await t.app.db
      .update(tiers)
      .set({ updatedAt: sql`now() + interval '1 second'` })
      .where(eq(tiers.id, row.id));

    const res = await t.inject({
      method: 'POST',
      url: '/api/admin/approval-requests/bulk',
      payload: { action: 'approve', ids: [good, done, stale, 999_999] },
      as: checker,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      { id: Number(good), ok: true, status: 'APPROVED' },
      {
        id: Number(done),
        ok: false,
        status: 'APPROVED',
        code: 'APPROVAL_NOT_PENDING',
        detail: expect.any(String),
      },
      { id: Number(stale), ok: false, status: 'FAILED', code: 'APPROVAL_STALE', detail: expect.any(String) },
      { id: 999_999, ok: false, code: 'NOT_FOUND', detail: expect.any(String) },
    ]);
    expect(await tierNamed('BulkGood')).toBeDefined();
  });

  it('rejects in bulk with one reason, and needs it', async () => {
    const a = Number((await createTier(tier('BulkRejectA'))).json().requestId);
    const b = Number((await createTier(tier('BulkRejectB'))).json().requestId);
    const missing = await t.inject({
      method: 'POST',
      url: '/api/admin/approval-requests/bulk',
      payload: { action: 'reject', ids: [a, b] },
      as: checker,
    });
    expect(missing.statusCode).toBe(400);
    const res = await t.inject({
      method: 'POST',
      url: '/api/admin/approval-requests/bulk',
      payload: { action: 'reject', ids: [a, b], reason: 'Not this quarter' },
      as: checker,
    });
    expect(res.json().results.map((r: { status: string }) => r.status)).toEqual(['REJECTED', 'REJECTED']);
  });
});

describe('strong customer authentication of decisions (SCA rule APPROVAL)', () => {
  it('approve, reject and bulk need a fresh second factor while the rule is on', async () => {
    const strict = await t.userWith(['tier.read', 'approval.check']);
    await giveSecondFactor(t, strict);
    const requestOf = async (name: string) => Number((await createTier(tier(name))).json().requestId);
    const a = await requestOf('ScaA');
    const b = await requestOf('ScaB');
    const c = await requestOf('ScaC');
    const bulk = (ids: number[]) =>
      t.inject({
        method: 'POST',
        url: '/api/admin/approval-requests/bulk',
        payload: { action: 'approve', ids },
        as: strict,
      });
    await requireSca(t, 'APPROVAL', 'ACTIVE');
    try {
      for (const res of [
        await decide(a, 'approve', strict),
        await decide(b, 'reject', strict, { reason: 'Not now' }),
        await bulk([c]),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('STEP_UP_REQUIRED');
      }
      const pending = await t.app.db.select().from(approvalRequests).where(eq(approvalRequests.id, a));
      expect(pending[0]?.status).toBe('PENDING');
      expect((await auditOf(a)).map((e) => [e.command, e.outcome, e.detail])).toEqual([
        ['tier.create', 'PENDING', null],
      ]);
      const [refused] = await t.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.command, 'approval.approve'), eq(auditLog.detail, 'STEP_UP_REQUIRED')));
      expect(refused?.outcome).toBe('FAILED');

      expect((await stepUp(t, strict)).statusCode).toBe(204);
      expect((await decide(a, 'approve', strict)).json().status).toBe('APPROVED');
      expect((await decide(b, 'reject', strict, { reason: 'Not now' })).json().status).toBe('REJECTED');
      expect((await bulk([c])).json().results).toEqual([{ id: c, ok: true, status: 'APPROVED' }]);
    } finally {
      await requireSca(t, 'APPROVAL', 'DISABLED');
    }
  });
});

describe('GET /api/admin/approval-requests', () => {
  it('filters by service, maker, status and dates, and counts what is pending', async () => {
    const other = await t.userWith(tierWriter);
    const mine = Number((await createTier(tier('FilterA'), other)).json().requestId);
    const url = (q: string) => `/api/admin/approval-requests?view=inbox&pageSize=100&${q}`;
    const get = async (q: string) => ids(await t.inject({ method: 'GET', url: url(q), as: checker }));

    expect(await get('serviceId=tier.create')).toContain(mine);
    expect(await get('serviceId=tier.update')).not.toContain(mine);
    const { username } = (
      await t.inject({ method: 'GET', url: `/api/admin/approval-requests/${mine}`, as: other })
    ).json().maker;
    expect(await get(`maker=${username.toUpperCase()}`)).toEqual([mine]);
    expect(await get(`from=${new Date(Date.now() - 60_000).toISOString()}`)).toContain(mine);
    expect(await get(`to=${new Date(Date.now() - 60_000).toISOString()}`)).not.toContain(mine);
    const typeId = (
      await t.inject({ method: 'GET', url: '/api/admin/services/tier.create', as: admin })
    ).json().serviceTypeId;
    expect(await get(`serviceTypeId=${typeId}`)).toContain(mine);
    const history = await t.inject({
      method: 'GET',
      url: '/api/admin/approval-requests?view=mine-history&status=REJECTED',
      as: maker,
    });
    expect(history.json().items.every((i: { status: string }) => i.status === 'REJECTED')).toBe(true);

    const counts = await t.inject({
      method: 'GET',
      url: '/api/admin/approval-requests/pending-count',
      as: other,
    });
    expect(counts.json()).toEqual({ mine: 1, inbox: 0 });
    const checkerCounts = (
      await t.inject({ method: 'GET', url: '/api/admin/approval-requests/pending-count', as: checker })
    ).json();
    expect(checkerCounts.inbox).toBe((await get('')).length);
  });

  it('refuses an unknown view and sort field', async () => {
    for (const q of ['view=everything', 'sort=input:asc']) {
      const res = await t.inject({ method: 'GET', url: `/api/admin/approval-requests?${q}`, as: maker });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('keeps every request: the database refuses to delete one or change a decided one', async () => {
    const [decided] = await t.app.db
      .select()
      .from(approvalRequests)
      .where(eq(approvalRequests.status, 'APPROVED'))
      .limit(1);
    await expect(
      t.app.db.delete(approvalRequests).where(eq(approvalRequests.id, decided?.id ?? 0)),
    ).rejects.toThrow();
    await expect(
      t.app.db
        .update(approvalRequests)
        .set({ status: 'PENDING' })
        .where(eq(approvalRequests.id, decided?.id ?? 0)),
    ).rejects.toThrow();
  });
});

describe('maker-checker settings and services', () => {
  it('changes to the safeguards wait for a second person while one exists, and never for their maker', async () => {
    expect((await gate({}, { allowSelfApproval: true })).statusCode).toBe(200);
    // Maker-checker's own settings: held although their switch is off…
    const off = await putSettings({
      enabled: false,
      allowSelfApproval: true,
      checkerPermission: 'approval.check',
    });
    expect(off.statusCode).toBe(202);
    expect(
      (await t.inject({ method: 'GET', url: '/api/admin/maker-checker', as: admin })).json().enabled,
    ).toBe(true);
    // …and not approvable by their maker, although self-approval is allowed.
    const own = await decide(off.json().requestId, 'approve', admin);
    expect(own.json().code).toBe('SELF_APPROVAL_FORBIDDEN');
    expect(ids(await view('inbox', admin))).not.toContain(Number(off.json().requestId));
    expect(
      (await decide(off.json().requestId, 'reject', guardian, { reason: 'keep it on' })).statusCode,
    ).toBe(200);
    expect((await gate({})).statusCode).toBe(200);

    // Roles, users and permissions (identity) and the security settings too.
    const role = await t.inject({
      method: 'POST',
      url: '/api/admin/roles',
      payload: { code: 'SAFE_ROLE', name: 'Safe role', status: 'ACTIVE', permissions: ['tier.read'] },
      as: admin,
    });
    expect(role.statusCode).toBe(202);
    const lock = (
      await t.inject({
        method: 'GET',
        url: '/api/admin/password-settings?mode=LOCK&userType=EMPLOYEE',
        as: admin,
      })
    ).json().items[0];
    const looser = await t.inject({
      method: 'PUT',
      url: `/api/admin/password-settings/${lock.id}`,
      payload: { ...lock, maxFailures: 10 },
      as: admin,
    });
    expect(looser.statusCode).toBe(202);
    expect((await decide(looser.json().requestId, 'approve', guardian)).json().status).toBe('APPROVED');
  });

  it('holds the sign-in limit, the log retention and a new API key too, whose maker alone holds the key (issue 48)', async () => {
    expect((await gate({}, { allowSelfApproval: true })).statusCode).toBe(200);
    const send = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
      t.inject({ method, url: `/api/admin${url}`, as: admin, ...(payload ? { payload } : {}) });
    const itemId = async (key: string) =>
      (await t.app.db.select({ id: configItems.id }).from(configItems).where(eq(configItems.key, key)))[0]
        ?.id as number;
    /** Changes a tunable's value through its configuration item, keeping its descriptions. */
    const setTunable = async (key: string, value: number) => {
      const id = await itemId(key);
      const { descriptionEn, descriptionAr } = (await send('GET', `/config-items/${id}`)).json();
      return send('PUT', `/config-items/${id}`, { value, descriptionEn, descriptionAr });
    };
    const held = [
      await setTunable('security.signInAttemptsPerMinute', 1_000),
      await setTunable('logs.retentionDays', 1),
      await send('POST', `/config-items/${await itemId('logs.retentionDays')}/restore`, { version: 1 }),
      await send('PUT', '/system-logs/settings', { retentionDays: 2 }),
    ];
    for (const res of held) expect(res.statusCode, res.body).toBe(202);
    const requestIds = held.map((res) => Number(res.json().requestId));
    // Their maker may not approve them, and does not find them in the inbox.
    expect((await decide(requestIds[0] as number, 'approve', admin)).json().code).toBe(
      'SELF_APPROVAL_FORBIDDEN',
    );
    const inbox = ids(await view('inbox', admin));
    for (const id of requestIds) expect(inbox).not.toContain(id);
    for (const id of requestIds)
      expect((await decide(id, 'reject', guardian, { reason: 'no' })).statusCode).toBe(200);
    // Another tunable is not a safeguard: it changes at once.
    expect((await setTunable('lists.customerCountCap', 2_000)).statusCode).toBe(200);

    // A new key waits too; its maker gets the secret now, and it works once approved.
    const created = await send('POST', '/api-keys', { name: 'Held key', scopes: ['balance'] });
    expect(created.statusCode, created.body).toBe(202);
    const { key, requestId } = created.json();
    expect(key).toMatch(/^lk_/);
    const features = () =>
      t.inject({ method: 'GET', url: '/api/integration/v1/features', headers: { 'x-api-key': key } });
    expect((await features()).statusCode).toBe(401);
    expect((await decide(requestId, 'approve', admin)).json().code).toBe('SELF_APPROVAL_FORBIDDEN');
    const approved = await decide(requestId, 'approve', guardian);
    expect(approved.json().status).toBe('APPROVED');
    expect(JSON.stringify(approved.json())).not.toContain(key);
    expect((await features()).statusCode).toBe(200);
    expect((await gate({})).statusCode).toBe(200);
  });

  it('alone, an administrator changes the safeguards at once (no one could check them)', async () => {
    const alone = await buildTestApp();
    const role = await alone.inject({
      method: 'POST',
      url: '/api/admin/roles',
      payload: { code: 'FIRST_ROLE', name: 'First role', status: 'ACTIVE', permissions: ['tier.read'] },
      as: await alone.signIn(),
    });
    expect(role.statusCode).toBe(201);
  });

  it('needs makerChecker.configure to change the settings and makerChecker.read to see them', async () => {
    const res = await configure(
      { enabled: false, allowSelfApproval: true, checkerPermission: 'approval.check' },
      maker,
    );
    expect(res.statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/api/admin/maker-checker', as: maker })).statusCode).toBe(
      403,
    );
    const reader = await t.userWith(['makerChecker.read']);
    expect(
      (await t.inject({ method: 'GET', url: '/api/admin/maker-checker', as: reader })).json(),
    ).toMatchObject({
      enabled: true,
      allowSelfApproval: false,
      checkerPermission: 'approval.check',
    });
  });

  it('lists every command as a service grouped by area, and hands the client its catalogue', async () => {
    const catalog = (
      await t.inject({ method: 'GET', url: '/api/admin/maker-checker/catalog', as: bystander })
    ).json();
    const serviceIds = catalog.services.map((s: { serviceId: string }) => s.serviceId);
    expect(serviceIds).toEqual(
      expect.arrayContaining(['tier.create', 'makerChecker.configure', 'serviceType.create']),
    );
    expect(serviceIds).not.toContain('approval.approve');
    const loyalty = catalog.serviceTypes.find((s: { code: string }) => s.code === 'loyalty');
    expect(loyalty).toMatchObject({ nameEn: 'Loyalty', nameAr: 'الولاء' });
    expect(loyalty.serviceCount).toBeGreaterThanOrEqual(3);
    expect(catalog.services.find((s: { serviceId: string }) => s.serviceId === 'tier.create')).toMatchObject({
      approvalRequired: true,
      serviceTypeId: loyalty.id,
    });
    const page = await t.inject({
      method: 'GET',
      url: `/api/admin/services?serviceTypeId=${loyalty.id}&approvalRequired=true`,
      as: admin,
    });
    expect(
      page
        .json()
        .items.map((s: { serviceId: string }) => s.serviceId)
        .sort(),
    ).toEqual(['tier.create', 'tier.delete', 'tier.update']);
  });

  it('creates and edits service types and moves a service into one, in both languages', async () => {
    // Service types are maker-checker settings, a safeguard: alone, the administrator changes them at once.
    const solo = await buildTestApp();
    const owner = await solo.signIn();
    const noRights = await solo.userWith(['tier.read']);
    const created = await solo.inject({
      method: 'POST',
      url: '/api/admin/service-types',
      payload: {
        code: 'tierGovernance',
        nameEn: 'Tier governance',
        nameAr: 'حوكمة الشرائح',
        descriptionEn: 'Tier changes',
      },
      as: owner,
    });
    expect(created.statusCode).toBe(201);
    const type = created.json();
    expect(type).toMatchObject({ code: 'tierGovernance', serviceCount: 0, descriptionAr: '' });
    const dup = await solo.inject({
      method: 'POST',
      url: '/api/admin/service-types',
      payload: { code: 'tierGovernance', nameEn: 'Again', nameAr: 'مرة أخرى' },
      as: owner,
    });
    expect(dup.json().code).toBe('CONFLICT');

    const edited = await solo.inject({
      method: 'PUT',
      url: `/api/admin/service-types/${type.id}`,
      payload: {
        nameEn: 'Tier control',
        nameAr: 'ضبط الشرائح',
        descriptionEn: '',
        descriptionAr: 'تغييرات الشرائح',
      },
      as: owner,
    });
    expect(edited.json()).toMatchObject({ code: 'tierGovernance', nameEn: 'Tier control' });

    const service = (
      await solo.inject({ method: 'GET', url: '/api/admin/services/tier.delete', as: owner })
    ).json();
    const moved = await solo.inject({
      method: 'PUT',
      url: '/api/admin/services/tier.delete',
      payload: { ...service, serviceTypeId: type.id, nameAr: 'حذف شريحة' },
      as: owner,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      serviceTypeId: type.id,
      nameAr: 'حذف شريحة',
      approvalRequired: service.approvalRequired,
    });
    const list = await solo.inject({ method: 'GET', url: '/api/admin/service-types?q=control', as: owner });
    expect(list.json().items).toEqual([expect.objectContaining({ id: type.id, serviceCount: 1 })]);

    const badType = await solo.inject({
      method: 'PUT',
      url: '/api/admin/services/tier.delete',
      payload: { ...service, serviceTypeId: 999_999 },
      as: owner,
    });
    expect(badType.statusCode).toBe(400);
    expect(
      (await solo.inject({ method: 'PUT', url: '/api/admin/services/no.such', payload: service, as: owner }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await solo.inject({
          method: 'POST',
          url: '/api/admin/service-types',
          payload: { code: 'x', nameEn: 'X', nameAr: 'س' },
          as: noRights,
        })
      ).statusCode,
    ).toBe(403);
  });
});
