import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { pointsRules, tiers, transactionTypes } from '../db/schema/index.ts';

/** The demo's tier ladder, in English and Arabic. */
export const demoTiers = [
  {
    name: 'Classic',
    nameAr: 'كلاسيك',
    description: 'Every member starts here',
    descriptionAr: 'يبدأ كل عضو من هنا',
    minPoints: 0,
    maxPoints: 4_999,
  },
  {
    name: 'Silver',
    nameAr: 'فضي',
    description: 'Bonus offers and priority service',
    descriptionAr: 'عروض إضافية وخدمة ذات أولوية',
    minPoints: 5_000,
    maxPoints: 19_999,
  },
  {
    name: 'Gold',
    nameAr: 'ذهبي',
    description: 'Lounge access and higher earning',
    descriptionAr: 'دخول صالات المطارات ونقاط أكثر',
    minPoints: 20_000,
    maxPoints: 49_999,
  },
  {
    name: 'Platinum',
    nameAr: 'بلاتيني',
    description: 'Relationship manager and the best rewards',
    descriptionAr: 'مدير علاقة خاص وأفضل المكافآت',
    minPoints: 50_000,
    maxPoints: 999_999_999,
  },
];

/** What the bank's channels post, in English and Arabic. */
export const demoTypes = [
  {
    code: 'CARD_SPEND',
    type: 'EARN',
    name: 'Card purchase',
    nameAr: 'شراء بالبطاقة',
    description: 'Debit and credit card purchases at POS',
    descriptionAr: 'مشتريات بطاقات الخصم والائتمان في نقاط البيع',
  },
  {
    code: 'ONLINE_SPEND',
    type: 'EARN',
    name: 'Online purchase',
    nameAr: 'شراء عبر الإنترنت',
    description: 'E-commerce card purchases',
    descriptionAr: 'مشتريات البطاقة في المتاجر الإلكترونية',
  },
  {
    code: 'BILL_PAY',
    type: 'EARN',
    name: 'Bill payment',
    nameAr: 'سداد فاتورة',
    description: 'Utility and telecom bills paid in the app',
    descriptionAr: 'فواتير الخدمات والاتصالات المدفوعة عبر التطبيق',
  },
  {
    code: 'SALARY',
    type: 'EARN',
    name: 'Salary transfer',
    nameAr: 'تحويل الراتب',
    description: 'Monthly salary credited to the account',
    descriptionAr: 'الراتب الشهري المودع في الحساب',
  },
  {
    code: 'GOODWILL',
    type: 'ADJUST',
    name: 'Goodwill',
    nameAr: 'نقاط تقديرية',
    description: 'Points granted by customer service',
    descriptionAr: 'نقاط تمنحها خدمة العملاء',
  },
  {
    code: 'VOUCHER',
    type: 'REDEEM',
    name: 'Voucher redemption',
    nameAr: 'استبدال قسيمة',
    description: 'Points spent on a reward voucher',
    descriptionAr: 'نقاط مستبدلة بقسيمة مكافأة',
  },
  {
    code: 'CHARGEBACK',
    type: 'REVERSAL',
    name: 'Chargeback',
    nameAr: 'استرداد مبلغ متنازع عليه',
    description: 'A disputed purchase taken back',
    descriptionAr: 'عملية شراء متنازع عليها تم استردادها',
  },
] as const;

const today = () => new Date().toISOString().slice(0, 10);
const yearsFromNow = (n: number) => `${new Date().getUTCFullYear() + n}-12-31`;

/**
 * The demo's rules. The historical transactions the generator writes follow the first three
 * (all tiers, priority 10); the tier bonuses and the weekend promotion start today.
 */
function demoRules(type: Record<string, number>, tier: Record<string, number>) {
  const base = {
    minPoints: 1,
    validFrom: '2020-01-01',
    validUntil: yearsFromNow(3),
    status: 'ACTIVE' as const,
  };
  return [
    {
      ...base,
      transactionTypeId: type.CARD_SPEND,
      tierId: null,
      condition: 'PER_EACH',
      amount: 10,
      pointsPerTransaction: 1,
      maxPoints: 1_000,
      priority: 10,
    },
    {
      ...base,
      transactionTypeId: type.ONLINE_SPEND,
      tierId: null,
      condition: 'PER_EACH',
      amount: 10,
      pointsPerTransaction: 2,
      maxPoints: 1_500,
      priority: 10,
    },
    {
      ...base,
      transactionTypeId: type.BILL_PAY,
      tierId: null,
      condition: 'GTE',
      amount: 100,
      pointsPerTransaction: 25,
      maxPoints: 25,
      priority: 10,
    },
    {
      ...base,
      transactionTypeId: type.SALARY,
      tierId: null,
      condition: 'GTE',
      amount: 5_000,
      pointsPerTransaction: 200,
      maxPoints: 200,
      priority: 10,
    },
    {
      ...base,
      validFrom: today(),
      transactionTypeId: type.CARD_SPEND,
      tierId: tier.Gold,
      condition: 'PER_EACH',
      amount: 10,
      pointsPerTransaction: 2,
      maxPoints: 2_000,
      priority: 5,
    },
    {
      ...base,
      validFrom: today(),
      transactionTypeId: type.CARD_SPEND,
      tierId: tier.Platinum,
      condition: 'PER_EACH',
      amount: 10,
      pointsPerTransaction: 3,
      maxPoints: 3_000,
      priority: 5,
    },
    {
      ...base,
      validFrom: today(),
      transactionTypeId: type.CARD_SPEND,
      tierId: null,
      condition: 'GT',
      amount: 10_000,
      pointsPerTransaction: 1_500,
      maxPoints: 1_500,
      priority: 1,
      status: 'INACTIVE' as const,
    },
  ] as (typeof pointsRules.$inferInsert)[];
}

/** Tiers, transaction types and rules, each added once to an empty table. Answers the ids by name. */
export async function seedProgramme(db: Db) {
  const [tierCount] = await db.select({ n: count() }).from(tiers);
  if (!tierCount?.n) await db.insert(tiers).values(demoTiers);
  const [typeCount] = await db.select({ n: count() }).from(transactionTypes);
  if (!typeCount?.n) await db.insert(transactionTypes).values([...demoTypes]);
  const tierIds = Object.fromEntries((await db.select().from(tiers)).map((t) => [t.name, t.id]));
  const typeIds = Object.fromEntries((await db.select().from(transactionTypes)).map((t) => [t.code, t.id]));
  const [ruleCount] = await db.select({ n: count() }).from(pointsRules);
  if (!ruleCount?.n && typeIds.CARD_SPEND) await db.insert(pointsRules).values(demoRules(typeIds, tierIds));
  const [cardRule] = await db
    .select({ id: pointsRules.id })
    .from(pointsRules)
    .where(eq(pointsRules.transactionTypeId, typeIds.CARD_SPEND ?? 0))
    .orderBy(pointsRules.id)
    .limit(1);
  return { tierIds, typeIds, cardRuleId: cardRule?.id ?? null };
}
