import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { invalidateCampaigns } from '../campaigns/index.ts';
import { dayOf, type Earning, history, replayTesting } from './testing.ts';

/*
 * A campaign replayed over history (decisions/replay.md, "Campaign candidates"). Twin customers
 * earn the same history in time order: the B twins 30 days earlier with the campaign really live
 * (3 points more on card spend, at most 12 per customer, a budget of 40), the A twins without it.
 * The campaign's replay over A's period — run from its first day — must pay what B's campaign paid,
 * by day, and run out of budget on the same day (30 days on).
 */

let t: TestApp;
let admin: { authorization: string };
let k: ReturnType<typeof replayTesting>;
let spend: number;
const DAY = 86_400_000;
const SHIFT = 30;
const CUSTOMERS = 6;
const BUDGET = 40;
/** In time order: the budget is spent in the order the earnings come. */
const h: Earning[] = history(60, CUSTOMERS, 11).sort((x, y) => y[3] - x[3] || x[4] - y[4]);
const periodA = { from: dayOf(21), to: dayOf(0) };
let campaignId: number;

const terms = () => ({
  nameEn: 'Three more',
  nameAr: 'ثلاث نقاط',
  startsAt: new Date(Date.now() + DAY).toISOString(),
  endsAt: new Date(Date.now() + 23 * DAY).toISOString(),
  transactionTypeIds: [spend],
  bonusKind: 'FIXED',
  bonusValue: 3,
  customerCap: 12,
  budget: BUDGET,
  holdoutPct: 0,
});

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn();
  k = replayTesting(t, admin);
  const { fx } = k;
  spend = (await k.twins(CUSTOMERS, false)).spend;
  // The campaign live over B's period (22 days from its first), then ended before A's.
  const created = await fx.post('/api/admin/campaigns', terms());
  campaignId = created.id;
  await fx.post(`/api/admin/campaigns/${campaignId}/activate`, {});
  await t.app.db.execute(sql`update campaigns set status = 'ACTIVE',
    starts_at = ${`${dayOf(21 + SHIFT)}T00:00:00Z`}::timestamptz,
    ends_at = ${`${dayOf(21 + SHIFT)}T00:00:00Z`}::timestamptz + interval '22 days' where id = ${campaignId}`);
  await invalidateCampaigns(t.app.db);
  await k.post('B', SHIFT, h, false);
  await k.post('A', 0, h, false);
}, 180_000);

describe('a campaign replayed over history', () => {
  it('pays what the campaign paid, by day, and runs out of budget on the same day; writes nothing', async () => {
    const before = await k.footprint();
    const r = await k.replay({ command: 'campaign.create', input: terms(), ...periodA });
    expect(await k.footprint()).toEqual(before);
    const awards = await k.query<{ day: string; points: number }>(sql`
      select ((occurred_at at time zone 'UTC')::date + ${SHIFT}::int)::text as day, sum(points)::int as points
        from campaign_awards where campaign_id = ${campaignId} group by 1 order by 1`);
    const [real] = await k.query<{ spent: number; reached: number; status: string }>(sql`
      select spent, customers_reached as reached, status from campaigns where id = ${campaignId}`);
    // The budget did run out (the run-out day is not vacuous).
    expect(real).toMatchObject({ spent: BUDGET, status: 'ENDED' });
    expect(r.campaign).toMatchObject({
      budget: BUDGET,
      bonusPaid: BUDGET,
      customersReached: real?.reached,
      runOutDay: awards.at(-1)?.day,
    });
    expect(r.campaign?.bonusWanted).toBeGreaterThan(BUDGET);
    expect(r.campaign?.byDay.map((d) => [d.day, d.bonus]).filter(([, b]) => b)).toEqual(
      awards.map((a) => [a.day, a.points]),
    );
    expect(r.campaign?.byDay.at(-1)?.spent).toBe(BUDGET);
    // Points: today's are A's ledger; with the campaign, B's (the same base, and its bonus).
    const a = await k.ledgerOf('A', 0);
    const b = await k.ledgerOf('B', SHIFT);
    expect(r.totals).toMatchObject({ pointsBefore: a.total, pointsAfter: b.total, difference: BUDGET });
    expect(Object.fromEntries((r.byDay ?? []).map((d) => [d.key, d.pointsAfter]))).toEqual(b.byDay);
    const sum = (key: 'byTransactionType' | 'byChannel' | 'byExpiryMonth') =>
      (r[key] ?? []).reduce((n, x) => n + x.difference, 0);
    expect([sum('byTransactionType'), sum('byChannel'), sum('byExpiryMonth')]).toEqual([
      BUDGET,
      BUDGET,
      BUDGET,
    ]);
  });

  it('replays a change of the campaign (a bigger budget lasts), and refuses a body the command refuses', async () => {
    const r = await k.replay({
      command: 'campaign.update',
      id: campaignId,
      input: { ...terms(), budget: 100_000 },
      ...periodA,
    });
    expect(r.campaign?.runOutDay).toBeNull();
    expect(r.campaign?.bonusPaid).toBe(r.campaign?.bonusWanted);
    const bad = await t.inject({
      method: 'POST',
      url: '/api/admin/replays',
      as: admin,
      payload: { command: 'campaign.create', input: { ...terms(), budget: 5 } },
    });
    expect(bad.statusCode, bad.body).toBe(400);
    const blind = await t.userWith(['replay.start']);
    const refused = await t.inject({
      method: 'POST',
      url: '/api/admin/replays',
      as: blind,
      payload: { command: 'campaign.create', input: terms() },
    });
    expect(refused.statusCode).toBe(403);
  });
});
