import type { ConfigItemType, ConfigValidation, ConfigValue } from '@loyalty/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { configBundles, configItems, configItemVersions } from '../db/schema/index.ts';

interface DemoItem {
  key: string;
  type: ConfigItemType;
  value: ConfigValue;
  secret?: boolean;
  validation?: ConfigValidation;
  descriptionEn: string;
  descriptionAr: string;
}

/**
 * The demo bank's own bundles (the system bundles are seeded at every start, with the tunables):
 * what its mobile app and statements are configured with, one secret among them.
 */
const bundles: {
  code: string;
  nameEn: string;
  nameAr: string;
  descriptionEn: string;
  descriptionAr: string;
  items: DemoItem[];
}[] = [
  {
    code: 'mobileApp',
    nameEn: 'Mobile app',
    nameAr: 'تطبيق الجوال',
    descriptionEn:
      'Settings the customer mobile app reads at start: support contacts, theme and the map provider.',
    descriptionAr: 'إعدادات يقرؤها تطبيق الجوال للعملاء عند التشغيل: أرقام الدعم والمظهر ومزوّد الخرائط.',
    items: [
      {
        key: 'mobile.supportPhone',
        type: 'STRING',
        value: '+966920001234',
        validation: { pattern: '\\+9665\\d{8}|\\+9669200\\d{5}' },
        descriptionEn: 'Customer care number shown on the help screen',
        descriptionAr: 'رقم خدمة العملاء المعروض في شاشة المساعدة',
      },
      {
        key: 'mobile.theme',
        type: 'ENUM',
        value: 'SYSTEM',
        validation: { allowed: ['LIGHT', 'DARK', 'SYSTEM'] },
        descriptionEn: 'Default colour theme of the app',
        descriptionAr: 'مظهر الألوان الافتراضي للتطبيق',
      },
      {
        key: 'mobile.minimumVersion',
        type: 'STRING',
        value: '4.12.0',
        validation: { pattern: '\\d+\\.\\d+\\.\\d+' },
        descriptionEn: 'Older app versions are asked to update',
        descriptionAr: 'يُطلب من إصدارات التطبيق الأقدم التحديث',
      },
      {
        key: 'mobile.mapsApiKey',
        type: 'STRING',
        value: 'demo-maps-key-3f9a1c77e2',
        secret: true,
        descriptionEn: 'Key of the map provider for the branch locator',
        descriptionAr: 'مفتاح مزوّد الخرائط لخدمة البحث عن الفروع',
      },
      {
        key: 'mobile.homeBanner',
        type: 'JSON',
        value: {
          enabled: true,
          titleEn: 'Double points on travel',
          titleAr: 'نقاط مضاعفة على السفر',
          until: '2026-12-31',
        },
        descriptionEn: 'The banner on the app’s home screen',
        descriptionAr: 'الشريط الإعلاني في الشاشة الرئيسية للتطبيق',
      },
    ],
  },
  {
    code: 'statements',
    nameEn: 'Points statements',
    nameAr: 'كشوف النقاط',
    descriptionEn: 'The monthly points statement sent with the card statement.',
    descriptionAr: 'كشف النقاط الشهري المرسل مع كشف حساب البطاقة.',
    items: [
      {
        key: 'statements.enabled',
        type: 'BOOLEAN',
        value: true,
        descriptionEn: 'Send the monthly points statement',
        descriptionAr: 'إرسال كشف النقاط الشهري',
      },
      {
        key: 'statements.dayOfMonth',
        type: 'INTEGER',
        value: 5,
        validation: { min: 1, max: 28 },
        descriptionEn: 'Day of the month the statement is prepared',
        descriptionAr: 'يوم الشهر الذي يُعدّ فيه الكشف',
      },
      {
        key: 'statements.minimumBalance',
        type: 'DECIMAL',
        value: 0.5,
        validation: { min: 0, max: 1000 },
        descriptionEn: 'No statement below this balance (thousands of points)',
        descriptionAr: 'لا يُرسل كشف لرصيد أقل من هذا (بآلاف النقاط)',
      },
      {
        key: 'statements.retryAfter',
        type: 'DURATION',
        value: 'PT6H',
        validation: { min: 900, max: 86_400 },
        descriptionEn: 'Wait before a failed statement is sent again',
        descriptionAr: 'مدة الانتظار قبل إعادة إرسال كشف تعذّر إرساله',
      },
    ],
  },
];

/** Once: the demo's own configuration bundles, each item with its first version. */
export async function seedDemoBundles(db: Db) {
  await db.transaction(async (tx) => {
    for (const { items, ...bundle } of bundles) {
      const [found] = await tx.select().from(configBundles).where(eq(configBundles.code, bundle.code));
      if (found) continue;
      const [row] = await tx.insert(configBundles).values(bundle).returning({ id: configBundles.id });
      for (const { value, secret = false, validation = {}, ...item } of items) {
        const [i] = await tx
          .insert(configItems)
          .values({
            ...item,
            bundleId: row?.id as number,
            secret,
            validation,
            value: secret ? null : value,
            secretValue: secret ? value : null,
            version: 1,
          })
          .returning({ id: configItems.id });
        await tx.insert(configItemVersions).values({
          itemId: i?.id as number,
          version: 1,
          ...(secret ? { secretValue: value } : { value }),
          source: 'system',
        });
      }
    }
  });
}
