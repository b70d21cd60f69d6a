import { eq, sql } from 'drizzle-orm';
import { systemLogSettings } from '../../db/schema/index.ts';
import { firstOr, type Tunable } from '../../platform/settings/registry.ts';

/** SystemLogs' retention (SystemConfigurations, bundle systemLogs). */
export const logTunables: Tunable[] = [
  {
    key: 'logs.retentionDays',
    bundle: {
      code: 'systemLogs',
      nameEn: 'System logs',
      nameAr: 'سجلات النظام',
      descriptionEn: 'How long server events are kept before the nightly purge removes them.',
      descriptionAr: 'مدة الاحتفاظ بأحداث الخادم قبل أن يحذفها التنظيف الدوري.',
    },
    type: 'INTEGER',
    validation: { min: 1, max: 3650 },
    descriptionEn: 'Days server events are kept (also set on the SystemLogs screen).',
    descriptionAr: 'عدد أيام الاحتفاظ بأحداث الخادم (يُضبط أيضًا من شاشة سجلات النظام).',
    initial: () => 90,
    // The SystemLogs settings screen's column.
    binding: {
      read: async (db) =>
        (
          await firstOr(
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
];
