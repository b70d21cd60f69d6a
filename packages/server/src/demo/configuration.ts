import type { Channel, ServiceCode } from '@loyalty/contracts';
import { count, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  customerPermissions,
  eligibilityCriteria,
  featureChannels,
  serviceDefinitions,
  userConfigurations,
} from '../db/schema/index.ts';
import { seedDemoBundles } from './configBundles.ts';

const all: Channel[] = ['MOBILE_APP', 'INTERNET_BANKING', 'BRANCH', 'CALL_CENTRE', 'POS'];
const digital: Channel[] = ['MOBILE_APP', 'INTERNET_BANKING'];

/**
 * The demo bank's service definitions: what each channel may do for a customer, and the daily
 * limits its fraud team asked for. Reading content (branches, FAQ, policies) is public: no
 * definition, so every channel may.
 */
const definitions: {
  service: ServiceCode;
  nameEn: string;
  nameAr: string;
  description: string;
  descriptionAr: string;
  channels: Channel[];
  dailyCountLimit: number | null;
  dailyPointsLimit: number | null;
}[] = [
  {
    service: 'view-balance',
    nameEn: 'View points balance',
    nameAr: 'عرض رصيد النقاط',
    description: 'Balance, tier and the next points to expire',
    descriptionAr: 'الرصيد والفئة وأقرب النقاط انتهاءً',
    channels: all,
    dailyCountLimit: null,
    dailyPointsLimit: null,
  },
  {
    service: 'earn',
    nameEn: 'Earn points on transactions',
    nameAr: 'كسب النقاط على المعاملات',
    description: 'Card spend, transfers and bill payments posted by the bank’s systems',
    descriptionAr: 'مشتريات البطاقة والتحويلات وسداد الفواتير التي تسجلها أنظمة البنك',
    channels: all,
    dailyCountLimit: null,
    dailyPointsLimit: 250_000,
  },
  {
    service: 'redeem-voucher',
    nameEn: 'Redeem a voucher',
    nameAr: 'استبدال قسيمة',
    description: 'Not at the point of sale: a redemption needs the customer’s own confirmation',
    descriptionAr: 'ليس في نقاط البيع: يحتاج الاستبدال إلى تأكيد العميل نفسه',
    channels: ['MOBILE_APP', 'INTERNET_BANKING', 'BRANCH', 'CALL_CENTRE'],
    dailyCountLimit: 5,
    dailyPointsLimit: 100_000,
  },
  {
    service: 'send-message',
    nameEn: 'Message customer service',
    nameAr: 'مراسلة خدمة العملاء',
    description: 'From the app and internet banking only',
    descriptionAr: 'من التطبيق والخدمات المصرفية عبر الإنترنت فقط',
    channels: digital,
    dailyCountLimit: 10,
    dailyPointsLimit: null,
  },
  {
    service: 'read-messages',
    nameEn: 'Read the in-app inbox',
    nameAr: 'قراءة صندوق الرسائل في التطبيق',
    description: 'Replies and announcements in the customer’s inbox',
    descriptionAr: 'الردود والإعلانات في صندوق رسائل العميل',
    channels: digital,
    dailyCountLimit: null,
    dailyPointsLimit: null,
  },
];

/** Features switched off per channel: a till has no screen for messages, maps or the FAQ. */
const offByFeature: Record<string, Channel[]> = {
  messages: ['POS', 'BRANCH'],
  locations: ['POS'],
  faq: ['POS'],
};

/**
 * Eligibility criteria of the demo bank. Only the enrolment one is active: a criterion fails a
 * customer whose record lacks the fact (no date of birth, no KYC level…), and customers made
 * through the API without those facts would stop earning; the others are ready to switch on.
 */
const criteria: (typeof eligibilityCriteria.$inferInsert)[] = [
  {
    nameEn: 'Personal or business customer',
    nameAr: 'عميل أفراد أو أعمال',
    scope: 'ENROL',
    field: 'segment',
    operator: 'in',
    value: ['RETAIL', 'BUSINESS'],
    status: 'ACTIVE',
    priority: 10,
  },
  {
    nameEn: 'Adults (18 and over)',
    nameAr: 'البالغون (18 عامًا فأكثر)',
    scope: 'EARN',
    field: 'age',
    operator: 'gte',
    value: 18,
    status: 'DISABLED',
    priority: 20,
  },
  {
    nameEn: 'Citizens and residents of the Kingdom',
    nameAr: 'المواطنون والمقيمون في المملكة',
    scope: 'EARN',
    field: 'residency',
    operator: 'in',
    value: ['CITIZEN', 'RESIDENT'],
    status: 'DISABLED',
    priority: 30,
  },
  {
    nameEn: 'KYC standard or enhanced',
    nameAr: 'مستوى اعرف عميلك قياسي أو معزّز',
    scope: 'REDEEM',
    field: 'kycLevel',
    operator: 'gte',
    value: 2,
    status: 'DISABLED',
    priority: 40,
  },
  {
    nameEn: 'Member for 30 days',
    nameAr: 'عضو منذ 30 يومًا',
    scope: 'REDEEM',
    field: 'daysSinceJoining',
    operator: 'gte',
    value: 30,
    status: 'DISABLED',
    priority: 50,
  },
];

/** Once: the demo's service definitions, per-channel feature switches and eligibility criteria. */
export async function seedDemoConfiguration(db: Db) {
  await seedDemoBundles(db);
  await seedDemoUserConfigurations(db);
  const [existing] = await db.select({ n: count() }).from(serviceDefinitions);
  if (existing?.n) return;
  await db.insert(serviceDefinitions).values(definitions);
  await db.insert(eligibilityCriteria).values(criteria);
  const features = await db
    .select({ id: customerPermissions.id, code: customerPermissions.code })
    .from(customerPermissions)
    .where(inArray(customerPermissions.code, Object.keys(offByFeature)));
  const rows = features.flatMap((f) =>
    all.map((channel) => ({ featureId: f.id, channel, enabled: !offByFeature[f.code]?.includes(channel) })),
  );
  if (rows.length) await db.insert(featureChannels).values(rows).onConflictDoNothing();
}

/**
 * Once: the customers' app opens in Arabic; staff keep the product's defaults (English, the
 * security policy's session limits, the app's page size) until an administrator sets them.
 */
async function seedDemoUserConfigurations(db: Db) {
  const [existing] = await db.select({ n: count() }).from(userConfigurations);
  if (existing?.n) return;
  await db.insert(userConfigurations).values([
    { userType: 'CUSTOMER', defaultLanguage: 'ar' },
    { userType: 'EMPLOYEE', defaultLanguage: 'en' },
  ]);
}
