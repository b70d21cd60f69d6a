import { count, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.ts';
import { referralProgrammes, referrals } from '../db/schema/index.ts';
import { postTransaction } from '../modules/loyalty/index.ts';
import { referralCodeOf } from '../modules/referrals/index.ts';

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

/**
 * Demo referrals (decisions/referrals.md), once: the running "refer a friend" programme and last
 * summer's, the newest customers' codes, and referrals among the newest customers waiting for
 * their friend's qualifying transactions or refused by a guard; and rewarded ones in both
 * programmes (rewardedReferrals), so the cost per acquired customer has months to compare.
 */
export async function seedDemoReferrals(db: Db) {
  const [existing] = await db.select({ n: count() }).from(referralProgrammes);
  if (existing?.n) return;
  const [running, summer] = await db
    .insert(referralProgrammes)
    .values([
      {
        nameEn: 'Refer a friend: 1,000 points each',
        nameAr: 'ادعُ صديقاً: 1,000 نقطة لكل منكما',
        referrerPoints: 1_000,
        referredPoints: 1_000,
        qualifying: 'TRANSACTIONS' as const,
        transactionCount: 3,
        withinDays: 60,
        monthlyLimit: 5,
        startsOn: day(-30),
        endsOn: day(335),
      },
      {
        nameEn: 'Summer referrals',
        nameAr: 'إحالات الصيف',
        referrerPoints: 500,
        referredPoints: 250,
        qualifying: 'FIRST_EARNING' as const,
        transactionCount: 1,
        withinDays: 30,
        monthlyLimit: 3,
        startsOn: day(-200),
        endsOn: day(-110),
      },
    ])
    .returning();
  if (!running || !summer) return;
  const newest = rowsOf<{ id: number; created_at: Date | string }>(
    await db.execute(
      sql`select id, created_at from customers where status = 'ACTIVE' order by id desc limit 6`,
    ),
  ).map((r) => ({ id: Number(r.id), at: new Date(r.created_at) }));
  if (newest.length < 6) return;
  const [a, b, c, d, e, f] = newest as [
    (typeof newest)[0],
    (typeof newest)[0],
    (typeof newest)[0],
    (typeof newest)[0],
    (typeof newest)[0],
    (typeof newest)[0],
  ];
  await db.transaction(async (tx) => {
    const codes = new Map<number, string>();
    for (const referrer of [a, d]) codes.set(referrer.id, await referralCodeOf(tx, referrer.id));
    const row = (referrer: typeof a, referred: typeof a, fields: Partial<typeof referrals.$inferInsert>) => ({
      programmeId: running.id,
      referrerId: referrer.id,
      referredId: referred.id,
      code: codes.get(referrer.id) ?? '',
      status: 'PENDING' as const,
      ...fields,
    });
    await tx
      .insert(referrals)
      .values([
        row(a, b, { transactions: 1, qualifiesBy: new Date(Date.now() + 45 * DAY) }),
        row(a, c, { transactions: 2, qualifiesBy: new Date(Date.now() + 20 * DAY) }),
        row(d, e, { status: 'REFUSED', reason: 'SAME_DEVICE', deviceId: 'demo-device-7f3a' }),
        row(d, f, { status: 'REFUSED', reason: 'EXISTING_CUSTOMER' }),
      ]);
  });
  await rewardedReferrals(db, [
    { programme: summer, from: -195, to: -115, earnings: 1 },
    { programme: running, from: -28, to: -1, earnings: 3 },
  ]);
}

type Programme = typeof referralProgrammes.$inferSelect;
/** Per programme: four referrers, who brought twelve friends between them. */
const REFERRERS = 4;
const FRIENDS = 12;

/**
 * Friends who qualified: for each programme, referrals among customers before the newest six,
 * enrolled between `from` and `to` days ago, whose qualifying earnings (`earnings` of them) are
 * posted through the real engine at their dates, so the rewards are real ledger entries at those
 * dates. The engine stamps `rewarded_at` with the time it ran; the demo sets it to the qualifying
 * earning's, as if the server had posted it then.
 */
async function rewardedReferrals(
  db: Db,
  plans: { programme: Programme; from: number; to: number; earnings: number }[],
) {
  const people = rowsOf<{ id: number; customer_number: string }>(
    await db.execute(sql`select id, customer_number from customers where status = 'ACTIVE'
      order by id desc offset 6 limit ${plans.length * (REFERRERS + FRIENDS)}`),
  ).map((r) => ({ id: Number(r.id), number: r.customer_number }));
  for (const [p, plan] of plans.entries()) {
    const first = p * (REFERRERS + FRIENDS);
    const referrers = people.slice(first, first + REFERRERS);
    const friends = people.slice(first + REFERRERS, first + REFERRERS + FRIENDS).map((friend, i) => ({
      ...friend,
      referrer: referrers[i % referrers.length] as (typeof people)[0],
      enrolledDay: plan.from + Math.floor(((plan.to - plan.from - 2) * i) / FRIENDS),
    }));
    const rows = await db.transaction(async (tx) => {
      const codes = new Map<number, string>();
      for (const r of referrers) codes.set(r.id, await referralCodeOf(tx, r.id));
      return tx
        .insert(referrals)
        .values(
          friends.map((f) => ({
            programmeId: plan.programme.id,
            referrerId: f.referrer.id,
            referredId: f.id,
            code: codes.get(f.referrer.id) ?? '',
            status: 'PENDING' as const,
            qualifiesBy: new Date(Date.now() + (f.enrolledDay + plan.programme.withinDays) * DAY),
            createdAt: new Date(Date.now() + f.enrolledDay * DAY),
          })),
        )
        .returning({ id: referrals.id });
    });
    for (const [i, friend] of friends.entries()) {
      let last = '';
      for (let e = 0; e < plan.earnings; e++) {
        last = new Date(Date.now() + (friend.enrolledDay + 1 + e * 0.5) * DAY).toISOString();
        await postTransaction(
          db,
          {
            externalId: `DEMO-REFERRAL-${p}-${i}-${e}`,
            customerNumber: friend.number,
            transactionTypeCode: 'CARD_SPEND',
            amount: 150 + ((i * 211 + e * 97) % 900),
            occurredAt: last,
          },
          undefined,
          { key: { id: null, channel: 'POS' } },
        );
      }
      const row = rows[i];
      if (row)
        await db
          .update(referrals)
          .set({ rewardedAt: new Date(last) })
          .where(eq(referrals.id, row.id));
    }
  }
}
