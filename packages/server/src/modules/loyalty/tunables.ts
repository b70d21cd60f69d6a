import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { loyaltySettings } from '../../db/schema/index.ts';
import { firstOr, type Tunable } from '../../platform/settings/registry.ts';
import { invalidateProgramme } from './programme.ts';

const loyaltyEngine = {
  code: 'loyaltyEngine',
  nameEn: 'Loyalty engine',
  nameAr: 'محرك الولاء',
  descriptionEn:
    'How points are earned and kept: expiry of earned points and the batching of channel earnings.',
  descriptionAr: 'كيفية كسب النقاط والاحتفاظ بها: مدة صلاحية النقاط المكتسبة وتجميع عمليات الكسب من القنوات.',
};

/** The loyalty engine's tunables (SystemConfigurations, bundle loyaltyEngine). */
export const loyaltyTunables: Tunable[] = [
  {
    key: 'loyalty.expiryMonths',
    bundle: loyaltyEngine,
    type: 'INTEGER',
    validation: { min: 0, max: 120 },
    descriptionEn: 'Months after which earned points expire (0: never). Applies to new earnings.',
    descriptionAr:
      'عدد الأشهر التي تنتهي بعدها صلاحية النقاط المكتسبة (0: لا تنتهي). يسري على عمليات الكسب الجديدة.',
    initial: () => 24,
    // The loyalty settings screen's column.
    binding: {
      read: async (db: Executor) =>
        (
          await firstOr(
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
    bundle: loyaltyEngine,
    type: 'INTEGER',
    validation: { min: 1, max: 500 },
    descriptionEn: 'Most channel earnings posted together in one database statement under load.',
    descriptionAr: 'أقصى عدد من عمليات الكسب من القنوات تُرحَّل معًا في عبارة واحدة لقاعدة البيانات عند الضغط.',
    initial: () => 64,
  },
  {
    key: 'loyalty.earningBatchesInFlight',
    bundle: loyaltyEngine,
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
];
