import { durationSeconds } from '@loyalty/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { alertSettings } from '../../db/schema/index.ts';
import { firstOr, type Tunable } from '../../platform/settings/registry.ts';

const alertDelivery = {
  code: 'alertDelivery',
  nameEn: 'Alert delivery',
  nameAr: 'إرسال التنبيهات',
  descriptionEn: 'How often a failed e-mail or SMS alert is tried again, and how long to wait between tries.',
  descriptionAr:
    'عدد مرات إعادة محاولة إرسال تنبيه البريد أو الرسائل القصيرة الفاشل، ومدة الانتظار بين المحاولات.',
};

const upsertAlertSettings = async (tx: Executor, set: { maxAttempts?: number; backoffSeconds?: number }) => {
  await tx
    .insert(alertSettings)
    .values({ id: 1, ...set })
    .onConflictDoUpdate({ target: alertSettings.id, set: { ...set, updatedAt: sql`now()` } });
};

/** The alerts' retry policy (SystemConfigurations, bundle alertDelivery), bound to the alert settings screen. */
export const alertTunables: Tunable[] = [
  {
    key: 'alerts.maxAttempts',
    bundle: alertDelivery,
    type: 'INTEGER',
    validation: { min: 1, max: 20 },
    descriptionEn: 'Tries of an alert before it is marked dead (also set on the AlertConfigurations screen).',
    descriptionAr:
      'عدد محاولات إرسال التنبيه قبل اعتباره فاشلًا نهائيًا (يُضبط أيضًا من شاشة إعدادات التنبيهات).',
    initial: () => 5,
    binding: {
      read: async (db) =>
        (
          await firstOr(
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
    bundle: alertDelivery,
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
            await firstOr(
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
];
