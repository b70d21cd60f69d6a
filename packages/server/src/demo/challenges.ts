import { count, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.ts';
import { challenges, tiers, transactionTypes } from '../db/schema/index.ts';
import { joinChallenge } from '../modules/challenges/index.ts';
import { postTransaction } from '../modules/loyalty/index.ts';

const DAY = 86_400_000;

/**
 * Demo challenges (docs/decisions/challenges.md), once: two live — five online purchases this
 * month (3 → 200, 5 → 1,000 points, automatic) and an opt-in spend goal for Gold and Platinum —
 * with earnings posted through the real engine so progress, the funnel and the cost have something
 * to show; and a draft "card on five different days" for the form.
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
  // Premium customers among them join the opt-in challenge a few days ago.
  const joiners = shoppers.filter((s) => s.tier !== null && premium.includes(s.tier)).slice(0, 8);
  for (const j of joiners) {
    await db.transaction((tx) => joinChallenge(tx, j.id, spend.id));
  }
  // Posted now (after the joins): online purchases, 1 to 6 each (some customers completing, some half-way), then card spend.
  const earnings = shoppers.flatMap(({ number }, b) =>
    Array.from({ length: 1 + ((b * 5) % 6) }, (_, k) => ({ number, code: 'ONLINE_SPEND', i: b * 10 + k })),
  );
  earnings.push(
    ...joiners.flatMap(({ number }, b) =>
      [0, 1, 2, 3].map((k) => ({ number, code: 'CARD_SPEND', i: 1000 + b * 10 + k })),
    ),
  );
  for (const { number, code, i } of earnings) {
    await postTransaction(db, {
      externalId: `DEMO-CHALLENGE-${i}`,
      customerNumber: number,
      transactionTypeCode: code,
      amount: code === 'CARD_SPEND' ? 900 + ((i * 7919) % 2_100) : 80 + ((i * 613) % 420),
    });
  }
}
