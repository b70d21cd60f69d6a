import type { ConfigItemType, ConfigValidation, ConfigValue } from '@loyalty/contracts';
import { durationSeconds } from '@loyalty/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { alertSettings, loyaltySettings, systemLogSettings } from '../../db/schema/index.ts';
import { invalidateProgramme } from '../loyalty/programme.ts';

/**
 * The system's tunables, seeded as items of the system bundles (SystemConfigurations) at start-up
 * and read by the code that names them (docs/decisions/configuration.md). A tunable another screen
 * also edits is *bound*: its value is that screen's column (one source of truth), read and
 * written here through `binding`; the others keep their value in `config_items.value`.
 */
export interface SystemBundle {
  code: string;
  nameEn: string;
  nameAr: string;
  descriptionEn: string;
  descriptionAr: string;
}

export interface Binding {
  read(db: Executor): Promise<ConfigValue>;
  write(tx: Executor, value: ConfigValue): Promise<void>;
}

export interface Tunable {
  key: string;
  bundle: string;
  type: ConfigItemType;
  validation: ConfigValidation;
  descriptionEn: string;
  descriptionAr: string;
  /** The value seeded at first start (bound tunables have none: their column holds it). */
  initial: (env: { loginRateLimitPerMinute: number }) => ConfigValue;
  binding?: Binding;
}

export const systemBundles: SystemBundle[] = [
  {
    code: 'loyaltyEngine',
    nameEn: 'Loyalty engine',
    nameAr: 'محرك الولاء',
    descriptionEn:
      'How points are earned and kept: expiry of earned points and the batching of channel earnings.',
    descriptionAr:
      'كيفية كسب النقاط والاحتفاظ بها: مدة صلاحية النقاط المكتسبة وتجميع عمليات الكسب من القنوات.',
  },
  {
    code: 'signIn',
    nameEn: 'Sign-in protection',
    nameAr: 'حماية تسجيل الدخول',
    descriptionEn: 'Limits on sign-in and password attempts, per client address and minute.',
    descriptionAr: 'حدود محاولات تسجيل الدخول وكلمة المرور لكل عنوان عميل في الدقيقة.',
  },
  {
    code: 'lists',
    nameEn: 'Lists',
    nameAr: 'القوائم',
    descriptionEn: 'How far the large lists count their rows before showing "more than".',
    descriptionAr: 'الحد الذي تعدّ إليه القوائم الكبيرة صفوفها قبل عرض "أكثر من".',
  },
  {
    code: 'systemLogs',
    nameEn: 'System logs',
    nameAr: 'سجلات النظام',
    descriptionEn: 'How long server events are kept before the nightly purge removes them.',
    descriptionAr: 'مدة الاحتفاظ بأحداث الخادم قبل أن يحذفها التنظيف الدوري.',
  },
  {
    code: 'reports',
    nameEn: 'Reports',
    nameAr: 'التقارير',
    descriptionEn: 'How long the files of reports run in the background are kept for download.',
    descriptionAr: 'مدة الاحتفاظ بملفات التقارير المُعدّة في الخلفية لتنزيلها.',
  },
  {
    code: 'alertDelivery',
    nameEn: 'Alert delivery',
    nameAr: 'إرسال التنبيهات',
    descriptionEn:
      'How often a failed e-mail or SMS alert is tried again, and how long to wait between tries.',
    descriptionAr:
      'عدد مرات إعادة محاولة إرسال تنبيه البريد أو الرسائل القصيرة الفاشل، ومدة الانتظار بين المحاولات.',
  },
  {
    code: 'webhookDelivery',
    nameEn: 'Webhook delivery',
    nameAr: 'إرسال الويب هوك',
    descriptionEn: 'How long webhook deliveries are retried, and when a failing endpoint is disabled.',
    descriptionAr: 'مدة إعادة محاولة إرسال الويب هوك، ومتى يُعطَّل عنوان الاستقبال الذي يستمر فشله.',
  },
];

const one = async <T>(rows: Promise<T[]>, fallback: T): Promise<T> => (await rows)[0] ?? fallback;

const upsertAlertSettings = async (tx: Executor, set: { maxAttempts?: number; backoffSeconds?: number }) => {
  await tx
    .insert(alertSettings)
    .values({ id: 1, ...set })
    .onConflictDoUpdate({ target: alertSettings.id, set: { ...set, updatedAt: sql`now()` } });
};

export const tunables: Tunable[] = [
  {
    key: 'loyalty.expiryMonths',
    bundle: 'loyaltyEngine',
    type: 'INTEGER',
    validation: { min: 0, max: 120 },
    descriptionEn: 'Months after which earned points expire (0: never). Applies to new earnings.',
    descriptionAr:
      'عدد الأشهر التي تنتهي بعدها صلاحية النقاط المكتسبة (0: لا تنتهي). يسري على عمليات الكسب الجديدة.',
    initial: () => 24,
    binding: {
      read: async (db) =>
        (
          await one(
            db
              .select({ v: loyaltySettings.expiryMonths })
              .from(loyaltySettings)
              .where(eq(loyaltySettings.id, 1)),
            { v: 24 },
          )
        ).v,
      write: async (tx, value) => {
        await tx
          .insert(loyaltySettings)
          .values({ id: 1, expiryMonths: value as number })
          .onConflictDoUpdate({
            target: loyaltySettings.id,
            set: { expiryMonths: value as number, updatedAt: sql`now()` },
          });
        await invalidateProgramme(tx);
      },
    },
  },
  {
    key: 'loyalty.earningBatchSize',
    bundle: 'loyaltyEngine',
    type: 'INTEGER',
    validation: { min: 1, max: 500 },
    descriptionEn: 'Most channel earnings posted together in one database statement under load.',
    descriptionAr: 'أقصى عدد من عمليات الكسب من القنوات تُرحَّل معًا في عبارة واحدة لقاعدة البيانات عند الضغط.',
    initial: () => 64,
  },
  {
    key: 'loyalty.earningBatchesInFlight',
    bundle: 'loyaltyEngine',
    type: 'INTEGER',
    validation: { min: 1, max: 16 },
    descriptionEn:
      'Batches of channel earnings on their way to the database at once; earnings that arrive meanwhile wait for the next batch.',
    descriptionAr:
      'عدد دفعات عمليات الكسب من القنوات المتجهة إلى قاعدة البيانات في الوقت نفسه؛ وما يصل في أثنائها ينتظر الدفعة التالية.',
    // One on a 2-core host sharing the database: larger batches, and no two drawing on one
    // campaign at once (docs/decisions/performance.md, "Earning"). A new database's value; an
    // existing one keeps what it has.
    initial: () => 1,
  },
  {
    key: 'security.signInAttemptsPerMinute',
    bundle: 'signIn',
    type: 'INTEGER',
    validation: { min: 1, max: 10_000 },
    descriptionEn:
      'Sign-in, second-factor and password requests allowed per client address and minute; more are answered "too many attempts".',
    descriptionAr:
      'عدد طلبات تسجيل الدخول والعامل الثاني وكلمة المرور المسموح بها لكل عنوان عميل في الدقيقة؛ وما زاد يُرفض بـ"محاولات كثيرة".',
    // The environment's LOGIN_RATE_LIMIT_PER_MINUTE seeds it at first start; the item rules after.
    initial: (env) => env.loginRateLimitPerMinute,
  },
  {
    key: 'lists.customerCountCap',
    bundle: 'lists',
    type: 'INTEGER',
    validation: { min: 100, max: 1_000_000 },
    descriptionEn: 'The customer list counts at most this many customers.',
    descriptionAr: 'تعدّ قائمة العملاء هذا العدد من العملاء على الأكثر.',
    initial: () => 1_000,
  },
  {
    key: 'lists.customerSearchCountCap',
    bundle: 'lists',
    type: 'INTEGER',
    validation: { min: 50, max: 100_000 },
    descriptionEn: 'A customer search counts at most this many matches.',
    descriptionAr: 'يعدّ البحث عن العملاء هذا العدد من النتائج على الأكثر.',
    initial: () => 200,
  },
  {
    key: 'lists.messageCountCap',
    bundle: 'lists',
    type: 'INTEGER',
    validation: { min: 100, max: 1_000_000 },
    descriptionEn: 'The message queue counts at most this many conversations.',
    descriptionAr: 'تعدّ قائمة الرسائل هذا العدد من المحادثات على الأكثر.',
    initial: () => 1_000,
  },
  {
    key: 'lists.messageSearchCountCap',
    bundle: 'lists',
    type: 'INTEGER',
    validation: { min: 50, max: 100_000 },
    descriptionEn: 'A search of the message queue counts at most this many matches.',
    descriptionAr: 'يعدّ البحث في قائمة الرسائل هذا العدد من النتائج على الأكثر.',
    initial: () => 200,
  },
  {
    key: 'logs.retentionDays',
    bundle: 'systemLogs',
    type: 'INTEGER',
    validation: { min: 1, max: 3650 },
    descriptionEn: 'Days server events are kept (also set on the SystemLogs screen).',
    descriptionAr: 'عدد أيام الاحتفاظ بأحداث الخادم (يُضبط أيضًا من شاشة سجلات النظام).',
    initial: () => 90,
    binding: {
      read: async (db) =>
        (
          await one(
            db
              .select({ v: systemLogSettings.retentionDays })
              .from(systemLogSettings)
              .where(eq(systemLogSettings.id, 1)),
            { v: 90 },
          )
        ).v,
      write: async (tx, value) => {
        const set = { retentionDays: value as number, updatedAt: sql`now()` };
        await tx
          .insert(systemLogSettings)
          .values({ id: 1, ...set })
          .onConflictDoUpdate({ target: systemLogSettings.id, set });
      },
    },
  },
  {
    key: 'reports.fileRetentionDays',
    bundle: 'reports',
    type: 'INTEGER',
    validation: { min: 1, max: 365 },
    descriptionEn:
      'Days a finished background report (its file, or its failure) is kept; older runs are removed by the report job.',
    descriptionAr:
      'عدد أيام الاحتفاظ بالتقرير المُعدّ في الخلفية بعد انتهائه (ملفه أو سبب فشله)؛ ويحذف عمل التقارير ما هو أقدم.',
    initial: () => 7,
  },
  {
    key: 'alerts.maxAttempts',
    bundle: 'alertDelivery',
    type: 'INTEGER',
    validation: { min: 1, max: 20 },
    descriptionEn: 'Tries of an alert before it is marked dead (also set on the AlertConfigurations screen).',
    descriptionAr:
      'عدد محاولات إرسال التنبيه قبل اعتباره فاشلًا نهائيًا (يُضبط أيضًا من شاشة إعدادات التنبيهات).',
    initial: () => 5,
    binding: {
      read: async (db) =>
        (
          await one(
            db.select({ v: alertSettings.maxAttempts }).from(alertSettings).where(eq(alertSettings.id, 1)),
            { v: 5 },
          )
        ).v,
      write: async (tx, value) => {
        await upsertAlertSettings(tx, { maxAttempts: value as number });
      },
    },
  },
  {
    key: 'alerts.retryBackoff',
    bundle: 'alertDelivery',
    type: 'DURATION',
    validation: { min: 1, max: 3600 },
    descriptionEn: 'Wait before the first retry, doubled at each further one (ISO 8601, e.g. PT30S).',
    descriptionAr:
      'مدة الانتظار قبل أول إعادة محاولة، وتتضاعف مع كل محاولة تالية (بصيغة ISO 8601، مثل PT30S).',
    initial: () => 'PT30S',
    binding: {
      read: async (db) =>
        `PT${
          (
            await one(
              db
                .select({ v: alertSettings.backoffSeconds })
                .from(alertSettings)
                .where(eq(alertSettings.id, 1)),
              { v: 30 },
            )
          ).v
        }S`,
      write: async (tx, value) => {
        await upsertAlertSettings(tx, { backoffSeconds: durationSeconds(value as string) as number });
      },
    },
  },
  {
    key: 'webhooks.retryWindow',
    bundle: 'webhookDelivery',
    type: 'DURATION',
    validation: { min: 60, max: 7 * 86_400 },
    descriptionEn:
      'How long a webhook delivery is retried (exponential back-off with jitter) before it is dead-lettered (ISO 8601, e.g. P1D).',
    descriptionAr:
      'مدة إعادة محاولة إرسال الويب هوك (بتباعد أسي عشوائي) قبل اعتباره فاشلًا نهائيًا (بصيغة ISO 8601، مثل P1D).',
    initial: () => 'P1D',
  },
  {
    key: 'webhooks.disableAfter',
    bundle: 'webhookDelivery',
    type: 'DURATION',
    validation: { min: 600, max: 30 * 86_400 },
    descriptionEn:
      'An endpoint whose deliveries have failed without a success for this long is disabled and staff are told (ISO 8601, e.g. P3D).',
    descriptionAr:
      'يُعطَّل عنوان الاستقبال الذي تفشل عمليات الإرسال إليه دون نجاح طوال هذه المدة ويُبلَّغ الموظفون (بصيغة ISO 8601، مثل P3D).',
    initial: () => 'P3D',
  },
];

export const tunableByKey = new Map(tunables.map((t) => [t.key, t]));
