import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { invalidateCampaigns } from '../campaigns/index.ts';
import { asRuleInput, dayOf, history, replayTesting } from './testing.ts';

/*
 * Replay over history (decisions/replay.md). One database holds two copies of the same history:
 * twin customers (A… and B…) earn the same transactions, the B twins 30 days earlier and under the
 * candidate rule (Silver earns 3 points per 10 instead of 2), the A twins under today's. So the
 * candidate's replay over A's period must equal B's ledger less A's — the slow way, posted — and
 * today's replay over A's period must reproduce A's ledger exactly.
 */

let t: TestApp;
let admin: { authorization: string };
let silverRule: Record<string, unknown> & { id: number };
let k: ReturnType<typeof replayTesting>;
const DAY = 86_400_000;
const SHIFT = 30;
const CUSTOMERS = 6;
/** The earn service's points per customer per day: A never reaches it, B does. */
const DAILY_POINTS = 420;
const h = history(72, CUSTOMERS);
const query = <T>(q: ReturnType<typeof sql>) => k.query<T>(q);
const replay = (body: object, as = admin) => k.replay(body, as);
const ledgerOf = (prefix: string, shift: number) => k.ledgerOf(prefix, shift);
const putSilver = async (pointsPerTransaction: number) => {
  const { id, ...body } = silverRule;
  const res = await t.inject({
    method: 'PUT',
    url: `/api/admin/points-rules/${id}`,
    as: admin,
    payload: { ...body, pointsPerTransaction },
  });
  expect(res.statusCode, res.body).toBe(200);
};

const periodA = { from: dayOf(21), to: dayOf(0) };
const periodB = { from: dayOf(21 + SHIFT), to: dayOf(SHIFT) };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn();
  k = replayTesting(t, admin);
  const { fx } = k;
  const { silver, spend } = await k.twins(CUSTOMERS);
  silverRule = await fx.rule({
    transactionTypeId: spend,
    tierId: silver?.id,
    amount: 10,
    pointsPerTransaction: 2,
  });
  silverRule = asRuleInput(silverRule);
  await fx.post('/api/admin/service-definitions', {
    service: 'earn',
    nameEn: 'Earn',
    nameAr: 'كسب',
    channels: ['MOBILE_APP', 'INTERNET_BANKING', 'BRANCH', 'CALL_CENTRE', 'POS'],
    status: 'ACTIVE',
    dailyPointsLimit: DAILY_POINTS,
  });
  // A campaign on card spend over both periods: 4 points more, at most 20 per customer (its cap
  // runs along each customer's earnings; the replay keeps its bonus as posted).
  const created = await fx.post('/api/admin/campaigns', {
    nameEn: 'Four more',
    nameAr: 'أربع نقاط',
    descriptionEn: 'Four more points',
    descriptionAr: 'أربع نقاط أخرى',
    startsAt: new Date(Date.now() + DAY).toISOString(),
    endsAt: new Date(Date.now() + 2 * DAY).toISOString(),
    transactionTypeIds: [spend],
    bonusKind: 'FIXED',
    bonusValue: 4,
    customerCap: 20,
    budget: 100_000,
  });
  await fx.post(`/api/admin/campaigns/${created.id}/activate`, {});
  await t.app.db.execute(sql`update campaigns set starts_at = now() - interval '70 days', status = 'ACTIVE'
    where id = ${created.id}`);
  await invalidateCampaigns(t.app.db);
  // B: the candidate (Silver 3 per 10), 30 days earlier; then A under today's rule (2 per 10).
  await putSilver(3);
  const refusedB = await k.post('B', SHIFT, h);
  await putSilver(2);
  const refusedA = await k.post('A', 0, h);
  // The daily limit did refuse B's earnings and none of A's (the comparison is not vacuous).
  expect(refusedA).toBe(0);
  expect(refusedB).toBeGreaterThan(0);
}, 180_000);

describe('replay over history', () => {
  it('replays today’s configuration over a period as its ledger holds it (difference 0), writing nothing', async () => {
    const before = await k.footprint();
    const r = await replay({
      command: 'pointsRule.update',
      id: silverRule.id,
      input: silverRule,
      ...periodA,
    });
    expect(await k.footprint()).toEqual(before);
    const a = await ledgerOf('A', 0);
    expect(r.totals).toMatchObject({
      pointsBefore: a.total,
      pointsAfter: a.total,
      difference: 0,
      customersAffected: 0,
    });
    expect(r.exactness).toMatchObject({ ledgerPoints: a.total, mismatchedEntries: 0, mismatchedPoints: 0 });
    expect(r.exactness?.reversedEntries).toBeGreaterThan(0);
    expect(Object.fromEntries((r.byDay ?? []).map((d) => [d.key, d.pointsBefore]))).toEqual(a.byDay);
    // Tiers moved mid-period and the campaign paid (the replay had state to follow).
    const [moves] = await query<{ n: number }>(sql`select count(*)::int as n from customer_tier_history h
      join customers c on c.id = h.customer_id where c.customer_number like 'A%' and h.to_tier_id is not null
      and h.from_tier_id is not null`);
    expect(moves?.n).toBeGreaterThan(0);
    const [bonus] = await query<{ n: number }>(
      sql`select coalesce(sum(bonus_points), 0)::int as n from ledger_entries`,
    );
    expect(bonus?.n).toBeGreaterThan(0);
  });

  it('a rule change costs what posting the same history under it cost (the slow way)', async () => {
    const r = await replay({
      command: 'pointsRule.update',
      id: silverRule.id,
      input: { ...silverRule, pointsPerTransaction: 3 },
      ...periodA,
    });
    const a = await ledgerOf('A', 0);
    const b = await ledgerOf('B', SHIFT);
    expect(r.totals?.pointsBefore).toBe(a.total);
    expect(r.totals?.pointsAfter).toBe(b.total);
    expect(r.totals?.difference).toBe(b.total - a.total);
    expect(r.totals?.difference).toBeGreaterThan(0);
    expect(Object.fromEntries((r.byDay ?? []).map((d) => [d.key, d.pointsAfter]))).toEqual(b.byDay);
    expect(r.totals?.customersAffected).toBe(await k.twinsDiffering());
    // The money: the difference times the point value.
    expect(r.liabilityChange?.money).toBeCloseTo(
      (r.totals?.difference ?? 0) * (r.liabilityChange?.pointValue ?? 0),
      2,
    );
    const sum = (k: 'byTier' | 'byTransactionType' | 'byChannel') =>
      (r[k] ?? []).reduce((acc, x) => acc + x.difference, 0);
    expect([sum('byTier'), sum('byTransactionType'), sum('byChannel')]).toEqual(
      Array(3).fill(r.totals?.difference),
    );
  });

  it('says where history is not replayed as posted, and by how much (a rule changed since)', async () => {
    // B's period was posted under Silver's 3 points; today's rule gives 2.
    const r = await replay({
      command: 'pointsRule.update',
      id: silverRule.id,
      input: silverRule,
      ...periodB,
    });
    const b = await ledgerOf('B', 0);
    expect(r.exactness?.ledgerPoints).toBe(b.total);
    expect(r.exactness?.mismatchedEntries).toBeGreaterThan(0);
    expect(r.exactness?.mismatchedPoints).toBe((r.totals?.pointsBefore ?? 0) - b.total);
    expect(r.exactness?.mismatchedPoints).toBeLessThan(0);
  });

  it('replays a rule created or deleted; refuses a body the command refuses, and a caller who may not read rules', async () => {
    const created = await replay({
      command: 'pointsRule.create',
      input: { ...silverRule, id: undefined, tierId: null, priority: 1, pointsPerTransaction: 0, amount: 10 },
      ...periodA,
    });
    expect(created.totals?.difference).toBeLessThan(0);
    const deleted = await replay({ command: 'pointsRule.delete', id: silverRule.id, ...periodA });
    expect(deleted.totals?.difference).toBeLessThan(0);
    const bad = await t.inject({
      method: 'POST',
      url: '/api/admin/replays',
      as: admin,
      payload: {
        command: 'pointsRule.update',
        id: silverRule.id,
        input: { ...silverRule, minPoints: 9, maxPoints: 1 },
      },
    });
    expect(bad.statusCode, bad.body).toBe(400);
    const missing = await t.inject({
      method: 'POST',
      url: '/api/admin/replays',
      as: admin,
      payload: { command: 'pointsRule.delete', id: 999_999 },
    });
    expect(missing.statusCode).toBe(404);
    const blind = await t.userWith(['replay.start']);
    const refused = await t.inject({
      method: 'POST',
      url: '/api/admin/replays',
      as: blind,
      payload: { command: 'pointsRule.delete', id: silverRule.id },
    });
    expect(refused.statusCode).toBe(403);
    const [audit] = await query<{ n: number }>(
      sql`select count(*)::int as n from audit_log where command = 'replay.start'`,
    );
    expect(audit?.n).toBeGreaterThanOrEqual(5);
  });
});
