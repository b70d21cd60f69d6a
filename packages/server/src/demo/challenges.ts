import { count, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.ts';
import { challenges, tiers, transactionTypes } from '../db/schema/index.ts';
import { joinChallenge } from '../modules/challenges/index.ts';
import { postTransaction } from '../modules/loyalty/index.ts';
import { recomputeRunningBalances } from './balances.ts';

const DAY = 86_400_000;

/**
 * Demo challenges (docs/decisions/challenges.md), once: two live — five online purchases this
 * month (3 → 200, 5 → 1,000 points, automatic) and an opt-in spend goal for Gold and Platinum —
 * with earnings posted through the real engine over the challenges' days so far, so progress, the
 * funnel and the cost have something to show; and a draft "card on five different days" for the form.
 */
export async function seedDemoChallenges(db: Db) {
  const [existing] = await db.select({ n: count() }).from(challenges);
  if (existing?.n) return;
  const types = new Map((await db.select().from(transactionTypes)).map((t) => [t.code, t.id]));
  const tierIds = new Map((await db.select().from(tiers)).map((t) => [t.name, t.id]));
  const type = (code: string) => (types.has(code) ? [types.get(code) as number] : []);
  const premium = ['Gold', 'Platinum'].flatMap((n) => (tierIds.has(n) ? [tierIds.get(n) as number] : []));
  const now = Date.now();
  const at = (days: number) => new Date(now + days * DAY);
  const [online, spend] = await db
    .insert(challenges)
    .values([
      {
        nameEn: 'Five online purchases this month',
        nameAr: 'خمس مشتريات إلكترونية هذا الشهر',
        descriptionEn: 'Three online purchases earn 200 points; five earn 1,000 more.',
        descriptionAr: 'ثلاث مشتريات إلكترونية تمنح 200 نقطة، وخمس تمنح 1,000 نقطة إضافية.',
        startsAt: at(-12),
        endsAt: at(18),
        enrolment: 'AUTOMATIC' as const,
        goalKind: 'COUNT' as const,
        transactionTypeIds: type('ONLINE_SPEND'),
        steps: [
          { target: 3, points: 200 },
          { target: 5, points: 1_000 },
        ],
        budget: 500_000,
        onReversal: 'REVERSE' as const,
        status: 'ACTIVE' as const,
      },
      {
        nameEn: 'Spend 10,000 on your card in 30 days',
        nameAr: 'أنفق 10,000 ببطاقتك خلال 30 يومًا',
        descriptionEn:
          'Gold and Platinum customers who join: 2,500 points at 10,000 spent within 30 days of joining.',
        descriptionAr:
          'لعملاء الذهبي والبلاتيني المنضمين: 2,500 نقطة عند إنفاق 10,000 خلال 30 يومًا من الانضمام.',
        startsAt: at(-20),
        endsAt: at(70),
        rollingDays: 30,
        tierIds: premium,
        enrolment: 'OPT_IN' as const,
        goalKind: 'AMOUNT' as const,
        transactionTypeIds: type('CARD_SPEND'),
        amountCondition: 'GTE' as const,
        amountValue: 100,
        steps: [
          { target: 5_000, points: 750 },
          { target: 10_000, points: 2_500 },
        ],
        budget: 1_000_000,
        repeat: 'PER_PERIOD' as const,
        onReversal: 'KEEP' as const,
        status: 'ACTIVE' as const,
      },
      {
        nameEn: 'Use your card on five different days',
        nameAr: 'استخدم بطاقتك في خمسة أيام مختلفة',
        descriptionEn: 'Card purchases on five different days next month earn 500 points.',
        descriptionAr: 'المشتريات بالبطاقة في خمسة أيام مختلفة الشهر القادم تمنح 500 نقطة.',
        startsAt: at(20),
        endsAt: at(50),
        enrolment: 'AUTOMATIC' as const,
        goalKind: 'DAYS' as const,
        transactionTypeIds: type('CARD_SPEND'),
        steps: [{ target: 5, points: 500 }],
        budget: 200_000,
      },
    ])
    .returning();
  if (!online || !spend || !types.has('ONLINE_SPEND') || !types.has('CARD_SPEND')) return;
  const shoppers = rowsOf<{ id: number; number: string; tier: number | null }>(
    await db.execute(sql`select id, customer_number as number, tier_id as tier from customers
      where status = 'ACTIVE' order by id limit 40`),
  );
  // Premium customers among them joined the opt-in challenge five days ago: joined now, then the
  // participation (and the customer's running progress, which holds it) moved back to that day.
  const joiners = shoppers.filter((s) => s.tier !== null && premium.includes(s.tier)).slice(0, 8);
  for (const j of joiners) {
    await db.transaction(async (tx) => {
      await joinChallenge(tx, j.id, spend.id);
      const [moved] = rowsOf<{ id: number }>(
        await tx.execute(sql`update challenge_participants
          set joined_at = ${at(-5)}, window_ends_at = ${at(-5)}::timestamptz + make_interval(days => 30)
          where challenge_id = ${spend.id} and customer_id = ${j.id} returning id`),
      );
      await tx.execute(sql`select challenges_cache_put(${moved?.id}::bigint)`);
    });
  }
  // Online purchases over the challenge's days so far, 1 to 6 a customer (some completing, some
  // half-way), in the app or on internet banking; the joiners' card purchases since they joined.
  const earnings = [
    ...shoppers.flatMap(({ number }, b) =>
      Array.from({ length: 1 + ((b * 5) % 6) }, (_, k) => ({
        number,
        code: 'ONLINE_SPEND',
        channel: (b + k) % 3 ? 'MOBILE_APP' : 'INTERNET_BANKING',
        i: b * 10 + k,
        day: -11.5 + 2 * k + (b % 3) * 0.2 + ((b * 7 + k * 5) % 10) / 24,
      })),
    ),
    ...joiners.flatMap(({ number }, b) =>
      [0, 1, 2, 3].map((k) => ({
        number,
        code: 'CARD_SPEND',
        channel: 'POS',
        i: 1000 + b * 10 + k,
        day: -4.6 + k + (b % 4) * 0.1,
      })),
    ),
  ].sort((x, y) => x.day - y.day);
  for (const { number, code, channel, i, day } of earnings) {
    await postTransaction(
      db,
      {
        externalId: `DEMO-CHALLENGE-${i}`,
        customerNumber: number,
        transactionTypeCode: code,
        amount: code === 'CARD_SPEND' ? 900 + ((i * 7919) % 2_100) : 80 + ((i * 613) % 420),
        occurredAt: at(day).toISOString(),
      },
      undefined,
      { key: { id: null, channel } },
    );
  }
  // Posted in the past after later history: each entry's running balance in time order.
  await recomputeRunningBalances(
    db,
    sql`select distinct customer_id from ledger_entries where reference like 'challenge:%'
      or external_id like 'DEMO-CHALLENGE-%'`,
  );
}
