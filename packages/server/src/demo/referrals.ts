import { count, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.ts';
import { referralProgrammes, referrals } from '../db/schema/index.ts';
import { referralCodeOf } from '../modules/referrals/index.ts';

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

/**
 * Demo referrals (decisions/referrals.md), once: the running "refer a friend" programme and last
 * summer's, the newest customers' codes, and referrals among the newest customers waiting for
 * their friend's qualifying transactions or refused by a guard. No reward is posted: the demo's
 * ledger and balances stay as the programme made them.
 */
export async function seedDemoReferrals(db: Db) {
  const [existing] = await db.select({ n: count() }).from(referralProgrammes);
  if (existing?.n) return;
  const [running] = await db
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
  if (!running) return;
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
}
