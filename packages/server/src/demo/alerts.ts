import { type AlertChannel, type AlertEvent, fillPlaceholders } from '@loyalty/contracts';
import { count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  alertCategories,
  alertDeliveries,
  alertEventsOutbox,
  alertGroups,
  alertMarketingOptOuts,
  alertSettings,
  alerts,
  customers,
  ledgerEntries,
} from '../db/schema/index.ts';

type Template = { subjectEn: string; subjectAr: string; bodyEn: string; bodyAr: string };
interface DemoAlert {
  nameEn: string;
  nameAr: string;
  event: AlertEvent;
  kind?: 'SERVICE' | 'MARKETING';
  templates: Partial<Record<AlertChannel, Template>>;
  leadDays?: number;
  quiet?: boolean;
  status?: 'ACTIVE' | 'DISABLED';
}
interface DemoGroup {
  nameEn: string;
  nameAr: string;
  description: string;
  descriptionAr: string;
  alerts: DemoAlert[];
}
interface DemoCategory {
  nameEn: string;
  nameAr: string;
  description: string;
  descriptionAr: string;
  groups: DemoGroup[];
}

const t = (subjectEn: string, subjectAr: string, bodyEn: string, bodyAr: string): Template => ({
  subjectEn,
  subjectAr,
  bodyEn,
  bodyAr,
});
const sms = (bodyEn: string, bodyAr: string): Template => t('', '', bodyEn, bodyAr);

const categories: DemoCategory[] = [
  {
    nameEn: 'Points',
    nameAr: 'النقاط',
    description: 'Earning, redeeming and expiry of points',
    descriptionAr: 'كسب النقاط واستبدالها وانتهاء صلاحيتها',
    groups: [
      {
        nameEn: 'Earning and redeeming',
        nameAr: 'الكسب والاستبدال',
        description: 'Sent as points move',
        descriptionAr: 'تُرسل عند حركة النقاط',
        alerts: [
          {
            nameEn: 'Points earned',
            nameAr: 'نقاط مكتسبة',
            event: 'POINTS_EARNED',
            quiet: true,
            templates: {
              IN_APP: t(
                'You earned {{event.points}} points',
                'ربحت {{event.points}} نقطة',
                'Your purchase {{event.reference}} earned {{event.points}} points. Your balance is {{customer.balance}} points.',
                'أكسبتك عمليتك {{event.reference}} {{event.points}} نقطة. رصيدك الآن {{customer.balance}} نقطة.',
              ),
              SMS: sms(
                'Bank Rewards: +{{event.points}} pts ({{event.reference}}). Balance {{customer.balance}} pts.',
                'مكافآت البنك: +{{event.points}} نقطة ({{event.reference}}). الرصيد {{customer.balance}} نقطة.',
              ),
            },
          },
          {
            nameEn: 'Points redeemed',
            nameAr: 'نقاط مستبدلة',
            event: 'POINTS_REDEEMED',
            templates: {
              IN_APP: t(
                'You redeemed {{event.points}} points',
                'استبدلت {{event.points}} نقطة',
                'You redeemed {{event.points}} points. Your balance is {{customer.balance}} points.',
                'استبدلت {{event.points}} نقطة. رصيدك الآن {{customer.balance}} نقطة.',
              ),
              EMAIL: t(
                'Your redemption is confirmed',
                'تم تأكيد عملية الاستبدال',
                'Dear {{customer.name}},\n\nYou redeemed {{event.points}} points on {{event.date}}. Your balance is {{customer.balance}} points.\n\nBank Rewards',
                'عزيزنا {{customer.name}}،\n\nاستبدلت {{event.points}} نقطة بتاريخ {{event.date}}. رصيدك الآن {{customer.balance}} نقطة.\n\nمكافآت البنك',
              ),
            },
          },
          {
            nameEn: 'Redemption cancelled',
            nameAr: 'إلغاء الاستبدال',
            event: 'REDEMPTION_CANCELLED',
            templates: {
              IN_APP: t(
                'Your redemption was cancelled',
                'أُلغيت عملية الاستبدال',
                '{{event.points}} points were returned to your balance ({{customer.balance}} points).',
                'أُعيدت {{event.points}} نقطة إلى رصيدك ({{customer.balance}} نقطة).',
              ),
            },
          },
        ],
      },
      {
        nameEn: 'Expiry',
        nameAr: 'انتهاء الصلاحية',
        description: 'Reminders before points expire, and when they do',
        descriptionAr: 'تذكيرات قبل انتهاء صلاحية النقاط وعند انتهائها',
        alerts: [
          {
            nameEn: 'Points expiring in 30 days',
            nameAr: 'نقاط تنتهي خلال ٣٠ يومًا',
            event: 'POINTS_EXPIRING',
            leadDays: 30,
            templates: {
              IN_APP: t(
                'Points about to expire',
                'نقاط قاربت على الانتهاء',
                '{{points.expiring}} of your points expire on {{points.expiringAt}}. Redeem them before they go.',
                'تنتهي صلاحية {{points.expiring}} من نقاطك في {{points.expiringAt}}. استبدلها قبل انتهائها.',
              ),
              EMAIL: t(
                'Your points expire on {{points.expiringAt}}',
                'تنتهي نقاطك في {{points.expiringAt}}',
                'Dear {{customer.name}},\n\n{{points.expiring}} points expire on {{points.expiringAt}}. Browse the rewards catalogue to use them.\n\nBank Rewards',
                'عزيزنا {{customer.name}}،\n\nتنتهي صلاحية {{points.expiring}} نقطة في {{points.expiringAt}}. تصفح كتالوج المكافآت لاستخدامها.\n\nمكافآت البنك',
              ),
            },
          },
          {
            nameEn: 'Points expired',
            nameAr: 'نقاط منتهية',
            event: 'POINTS_EXPIRED',
            templates: {
              IN_APP: t(
                'Points expired',
                'انتهت صلاحية نقاط',
                '{{event.points}} points expired today. Your balance is {{customer.balance}} points.',
                'انتهت صلاحية {{event.points}} نقطة اليوم. رصيدك الآن {{customer.balance}} نقطة.',
              ),
            },
          },
        ],
      },
    ],
  },
  {
    nameEn: 'Rewards',
    nameAr: 'المكافآت',
    description: 'Tiers and offers',
    descriptionAr: 'الفئات والعروض',
    groups: [
      {
        nameEn: 'Tier changes',
        nameAr: 'تغيير الفئة',
        description: 'Upgrades and downgrades',
        descriptionAr: 'الترقية وخفض الفئة',
        alerts: [
          {
            nameEn: 'Tier upgraded',
            nameAr: 'ترقية الفئة',
            event: 'TIER_UPGRADED',
            templates: {
              IN_APP: t(
                'Welcome to {{event.tier}}',
                'مرحبًا بك في {{event.tier}}',
                'Congratulations {{customer.name}}, you moved up from {{event.previousTier}} to {{event.tier}}.',
                'تهانينا {{customer.name}}، انتقلت من {{event.previousTier}} إلى {{event.tier}}.',
              ),
              EMAIL: t(
                'You are now {{event.tier}}',
                'أصبحت في الفئة {{event.tier}}',
                'Dear {{customer.name}},\n\nYou are now a {{event.tier}} member. Enjoy the benefits of your new tier.\n\nBank Rewards',
                'عزيزنا {{customer.name}}،\n\nأصبحت عضوًا في الفئة {{event.tier}}. استمتع بمزايا فئتك الجديدة.\n\nمكافآت البنك',
              ),
            },
          },
          {
            nameEn: 'Tier downgraded',
            nameAr: 'انخفاض الفئة',
            event: 'TIER_DOWNGRADED',
            templates: {
              IN_APP: t(
                'Your tier changed',
                'تغيّرت فئتك',
                'Your tier is now {{event.tier}}. Earn points to move back up.',
                'فئتك الآن {{event.tier}}. اكسب النقاط للعودة إلى الفئة الأعلى.',
              ),
            },
          },
        ],
      },
      {
        nameEn: 'Vouchers',
        nameAr: 'القسائم',
        description: 'Reminders about vouchers the customer holds',
        descriptionAr: 'تذكيرات بالقسائم التي يملكها العميل',
        alerts: [
          {
            nameEn: 'Voucher about to expire',
            nameAr: 'قسيمة قاربت على الانتهاء',
            event: 'VOUCHER_EXPIRING',
            leadDays: 7,
            templates: {
              IN_APP: t(
                'Use your {{event.voucher}} voucher',
                'استخدم قسيمة {{event.voucher}}',
                'Your voucher {{event.voucher}} (code {{event.reference}}) expires on {{event.date}}.',
                'تنتهي قسيمتك {{event.voucher}} (الرمز {{event.reference}}) في {{event.date}}.',
              ),
            },
          },
        ],
      },
      {
        nameEn: 'Offers',
        nameAr: 'العروض',
        description: 'Marketing alerts: customers who opted out do not get them',
        descriptionAr: 'تنبيهات تسويقية: لا تصل إلى العملاء الذين اختاروا عدم تلقيها',
        alerts: [
          {
            nameEn: 'Bonus points reminder',
            nameAr: 'تذكير بالنقاط الإضافية',
            event: 'POINTS_EARNED',
            kind: 'MARKETING',
            status: 'DISABLED',
            templates: {
              IN_APP: t(
                'Double points this weekend',
                'نقاط مضاعفة هذا الأسبوع',
                'Pay with your card this weekend and earn double points at partner stores.',
                'ادفع ببطاقتك في نهاية هذا الأسبوع واكسب نقاطًا مضاعفة لدى المتاجر الشريكة.',
              ),
            },
          },
        ],
      },
    ],
  },
  {
    nameEn: 'Security',
    nameAr: 'الأمان',
    description: 'Changes to the customer’s account',
    descriptionAr: 'التغييرات على حساب العميل',
    groups: [
      {
        nameEn: 'Account status',
        nameAr: 'حالة الحساب',
        description: 'Blocking and unblocking by the bank',
        descriptionAr: 'إيقاف الحساب وإعادة تفعيله من قِبل البنك',
        alerts: [
          {
            nameEn: 'Account blocked',
            nameAr: 'إيقاف الحساب',
            event: 'ACCOUNT_BLOCKED',
            templates: {
              IN_APP: t(
                'Your rewards account is on hold',
                'حساب المكافآت موقوف مؤقتًا',
                'Your rewards account was put on hold. Call us on 8001234567 if you did not expect this.',
                'تم إيقاف حساب المكافآت مؤقتًا. اتصل بنا على 8001234567 إذا لم تكن تتوقع ذلك.',
              ),
              SMS: sms(
                'Bank Rewards: your account is on hold. Not you? Call 8001234567.',
                'مكافآت البنك: تم إيقاف حسابك مؤقتًا. للاستفسار اتصل على 8001234567.',
              ),
            },
          },
          {
            nameEn: 'Account unblocked',
            nameAr: 'إعادة تفعيل الحساب',
            event: 'ACCOUNT_UNBLOCKED',
            templates: {
              IN_APP: t(
                'Your rewards account is active again',
                'عاد حساب المكافآت إلى العمل',
                'You can earn and redeem points again.',
                'يمكنك الآن كسب النقاط واستبدالها من جديد.',
              ),
            },
          },
        ],
      },
    ],
  },
  {
    nameEn: 'Service',
    nameAr: 'الخدمة',
    description: 'Service notices to customers',
    descriptionAr: 'إشعارات الخدمة للعملاء',
    groups: [
      {
        nameEn: 'Programme notices',
        nameAr: 'إشعارات البرنامج',
        description: 'Maintenance windows and programme changes (alerts to be added)',
        descriptionAr: 'فترات الصيانة وتغييرات البرنامج (تُضاف التنبيهات لاحقًا)',
        alerts: [],
      },
    ],
  },
];

const grouped = new Intl.NumberFormat('en-US');

/**
 * Alert categories, groups and alerts in both languages, the channel settings of the demo (in-app
 * on; e-mail and SMS off until a relay and gateway are configured), and 30 days of delivery
 * history for "points earned" from the ledger's latest earnings: most delivered, some waiting
 * for quiet hours to end, a few dead-lettered by the SMS gateway, some without a mobile number.
 */
export async function seedDemoAlerts(db: Db) {
  const [existing] = await db.select({ n: count() }).from(alertCategories);
  if (existing?.n) return;
  await db.insert(alertSettings).values({ id: 1 }).onConflictDoNothing();
  await db
    .update(alertSettings)
    .set({
      inAppEnabled: true,
      smtpHost: 'smtp.bank.example',
      smtpFrom: 'rewards@bank.example',
      smsUrl: 'https://sms-gateway.bank.example/v1/messages',
      smsAuthHeader: 'Authorization',
    })
    .where(eq(alertSettings.id, 1));
  let earnedId: number | undefined;
  for (const c of categories) {
    const [cat] = await db
      .insert(alertCategories)
      .values({
        nameEn: c.nameEn,
        nameAr: c.nameAr,
        description: c.description,
        descriptionAr: c.descriptionAr,
      })
      .returning({ id: alertCategories.id });
    for (const g of c.groups) {
      const [group] = await db
        .insert(alertGroups)
        .values({
          categoryId: cat?.id as number,
          nameEn: g.nameEn,
          nameAr: g.nameAr,
          description: g.description,
          descriptionAr: g.descriptionAr,
        })
        .returning({ id: alertGroups.id });
      for (const a of g.alerts) {
        const [row] = await db
          .insert(alerts)
          .values({
            groupId: group?.id as number,
            nameEn: a.nameEn,
            nameAr: a.nameAr,
            event: a.event,
            kind: a.kind ?? 'SERVICE',
            channels: Object.keys(a.templates),
            templates: a.templates,
            audience: { tierIds: [], segments: [] },
            quietStart: a.quiet ? '22:00' : null,
            quietEnd: a.quiet ? '07:00' : null,
            leadDays: a.leadDays ?? null,
            status: a.status ?? 'ACTIVE',
          })
          .returning({ id: alerts.id });
        if (a.event === 'POINTS_EARNED' && a.kind !== 'MARKETING') earnedId = row?.id;
      }
    }
  }
  if (earnedId === undefined) return;
  const earned = categories[0]?.groups[0]?.alerts[0] as DemoAlert;

  // A few customers opted out of marketing alerts.
  const optOut = await db.select({ id: customers.id }).from(customers).orderBy(customers.id).limit(40);
  if (optOut.length)
    await db
      .insert(alertMarketingOptOuts)
      .values(optOut.filter((_, i) => i % 4 === 0).map((c) => ({ customerId: c.id })));

  // History: the latest earnings (the demo ledger spans months; their times are moved into the last 30 days).
  // One recent earning of each of the latest active customers, newest first.
  const recent = (
    await db
      .selectDistinctOn([ledgerEntries.customerId], {
        id: ledgerEntries.id,
        customerId: ledgerEntries.customerId,
        points: ledgerEntries.points,
        balanceAfter: ledgerEntries.balanceAfter,
        reference: ledgerEntries.reference,
        externalId: ledgerEntries.externalId,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.kind, 'EARN'))
      .orderBy(desc(ledgerEntries.customerId), desc(ledgerEntries.id))
      .limit(240)
  ).sort((a, b) => b.id - a.id);
  if (!recent.length) return;
  const people = new Map(
    (
      await db
        .select()
        .from(customers)
        .where(
          inArray(
            customers.id,
            recent.map((r) => r.customerId),
          ),
        )
    ).map((c) => [c.id, c]),
  );
  const now = Date.now();
  for (const [i, e] of recent.entries()) {
    const customer = people.get(e.customerId);
    if (!customer) continue;
    const at = new Date(now - ((i * 30 * 86_400_000) / recent.length + 3_600_000));
    const reference = e.externalId ?? e.reference;
    const [ev] = await db
      .insert(alertEventsOutbox)
      .values({
        event: 'POINTS_EARNED',
        customerId: customer.id,
        payload: { points: e.points, balanceAfter: e.balanceAfter, reference, ledgerEntryId: e.id },
        createdAt: at,
        processedAt: at,
      })
      .returning({ id: alertEventsOutbox.id });
    const values = {
      'event.points': grouped.format(e.points),
      'event.reference': reference,
      'customer.balance': grouped.format(e.balanceAfter),
    };
    const ar = customer.language === 'ar';
    const rows = (Object.keys(earned.templates) as AlertChannel[]).map((channel) => {
      const tpl = earned.templates[channel] as Template;
      const recipient = channel === 'SMS' ? customer.mobile : customer.customerNumber;
      const base = {
        eventId: ev?.id as number,
        alertId: earnedId as number,
        customerId: customer.id,
        event: 'POINTS_EARNED',
        channel,
        language: customer.language,
        recipient,
        subject: fillPlaceholders(ar ? tpl.subjectAr : tpl.subjectEn, values),
        body: fillPlaceholders(ar ? tpl.bodyAr : tpl.bodyEn, values),
        createdAt: at,
      };
      if (channel === 'SMS' && !recipient)
        return { ...base, status: 'SKIPPED' as const, skipReason: 'NO_ADDRESS' as const };
      if (channel === 'SMS' && i % 37 === 5) {
        return {
          ...base,
          status: 'DEAD' as const,
          attempts: 5,
          lastError: 'SMS gateway answered 503: service temporarily unavailable',
          lastAttemptAt: new Date(at.getTime() + 930_000),
        };
      }
      return {
        ...base,
        status: 'SENT' as const,
        attempts: channel === 'SMS' ? 1 : 0,
        sentAt: at,
        lastAttemptAt: at,
      };
    });
    await db.insert(alertDeliveries).values(rows);
  }
}
