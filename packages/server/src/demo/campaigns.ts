import { count, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.ts';
import { campaigns, tiers, transactionTypes } from '../db/schema/index.ts';
import { campaignsForEarning, invalidateCampaigns } from '../modules/campaigns/index.ts';
import { postTransaction, registerEarnBonus } from '../modules/loyalty/index.ts';
import { recomputeRunningBalances } from './balances.ts';

const DAY = 86_400_000;

/**
 * Demo campaigns (docs/decisions/campaigns.md), once: one live (double points on card purchases
 * for Gold and Platinum, with some earnings already posted through the real engine so the budget
 * bar and `matrix/filterbyproduct` have something to show), one scheduled, one draft, one ended.
 */
export async function seedDemoCampaigns(db: Db) {
  const [existing] = await db.select({ n: count() }).from(campaigns);
  if (existing?.n) return;
  const types = new Map((await db.select().from(transactionTypes)).map((t) => [t.code, t.id]));
  const tierIds = new Map((await db.select().from(tiers)).map((t) => [t.name, t.id]));
  const type = (code: string) => (types.has(code) ? [types.get(code) as number] : []);
  const premium = ['Gold', 'Platinum'].flatMap((n) => (tierIds.has(n) ? [tierIds.get(n) as number] : []));
  const now = Date.now();
  const at = (days: number) => new Date(now + days * DAY);
  const [live] = await db
    .insert(campaigns)
    .values([
      {
        nameEn: 'Double points on card purchases for Gold and Platinum',
        nameAr: 'نقاط مضاعفة على مشتريات البطاقة لعملاء الذهبي والبلاتيني',
        descriptionEn: 'Every card purchase earns twice the points, up to 5,000 extra points per customer.',
        descriptionAr: 'كل عملية شراء بالبطاقة تمنح ضعف النقاط، حتى 5,000 نقطة إضافية لكل عميل.',
        startsAt: at(-10),
        endsAt: at(50),
        tierIds: premium,
        transactionTypeIds: type('CARD_SPEND'),
        bonusKind: 'MULTIPLIER' as const,
        bonusValue: 1,
        customerCap: 5_000,
        budget: 2_000_000,
        stackable: true,
        priority: 200,
        // 10 % of its customers held out, for the performance screen's comparison.
        holdoutPct: 10,
        status: 'ACTIVE' as const,
      },
      {
        nameEn: 'Ramadan bill payments: 50 extra points',
        nameAr: 'دفع الفواتير في رمضان: 50 نقطة إضافية',
        descriptionEn: 'Each bill paid through the app earns 50 extra points.',
        descriptionAr: 'كل فاتورة تُدفع عبر التطبيق تمنح 50 نقطة إضافية.',
        startsAt: at(20),
        endsAt: at(50),
        transactionTypeIds: type('BILL_PAY'),
        bonusKind: 'FIXED' as const,
        bonusValue: 50,
        customerCap: 500,
        budget: 250_000,
        stackable: true,
        priority: 100,
        status: 'SCHEDULED' as const,
      },
      {
        nameEn: 'Weekend online shopping: 5 points per 100 spent',
        nameAr: 'التسوق الإلكتروني في عطلة نهاية الأسبوع: 5 نقاط لكل 100',
        descriptionEn: 'Online purchases on Fridays and Saturdays, retail customers.',
        descriptionAr: 'المشتريات الإلكترونية أيام الجمعة والسبت لعملاء الأفراد.',
        startsAt: at(7),
        endsAt: at(90),
        daysOfWeek: [5, 6],
        segments: ['RETAIL'],
        transactionTypeIds: type('ONLINE_SPEND'),
        bonusKind: 'PER_AMOUNT' as const,
        bonusValue: 5,
        perAmount: 100,
        budget: 400_000,
        priority: 150,
      },
      {
        nameEn: 'Salary transfer welcome bonus',
        nameAr: 'مكافأة الترحيب بتحويل الراتب',
        descriptionEn: 'A one-off 1,000 points for moving a salary to the bank (last quarter).',
        descriptionAr: 'ألف نقطة لمرة واحدة عند تحويل الراتب إلى البنك (الربع الماضي).',
        startsAt: at(-120),
        endsAt: at(-30),
        transactionTypeIds: type('SALARY'),
        bonusKind: 'FIXED' as const,
        bonusValue: 1_000,
        customerCap: 1_000,
        budget: 1_000_000,
        priority: 100,
        status: 'ENDED' as const,
        endedReason: 'PERIOD' as const,
      },
    ])
    .returning();
  if (!live || !premium.length || !types.has('CARD_SPEND')) return;
  // The engine asks the campaigns module (registered when the app is built; the CLI may not have).
  registerEarnBonus(campaignsForEarning);
  await invalidateCampaigns(db);
  // Card purchases of premium customers over the campaign's first days, through the engine.
  const buyers = rowsOf<{ number: string }>(
    await db.execute(sql`select customer_number as number from customers
      where status = 'ACTIVE' and tier_id in (${sql.join(premium, sql`, `)}) order by id limit 60`),
  );
  // All at once: the group-commit queue posts them in a few statements (start-up stays quick).
  const earnings = buyers.flatMap(({ number }, b) => [0, 1, 2].map((k) => ({ number, i: b * 3 + k + 1 })));
  await Promise.all(
    earnings.map(({ number, i }) =>
      postTransaction(
        db,
        {
          externalId: `DEMO-CAMPAIGN-${i}`,
          customerNumber: number,
          transactionTypeCode: 'CARD_SPEND',
          amount: 150 + ((i * 7919) % 2_400),
          occurredAt: new Date(
            now - 9 * DAY + Math.floor((i / (earnings.length + 1)) * 9 * DAY),
          ).toISOString(),
        },
        undefined,
        { key: { id: null, channel: 'POS' } },
      ),
    ),
  );
  // Posted in the past after later history: each entry's running balance in time order.
  await recomputeRunningBalances(
    db,
    sql`select customer_id from ledger_entries where campaign_id = ${live.id}`,
  );
  await db.update(campaigns).set({ updatedAt: sql`now()` }).where(eq(campaigns.id, live.id));
}
