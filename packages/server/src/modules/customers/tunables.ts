import { listsBundle } from '../../platform/lists.ts';
import type { Tunable } from '../../platform/settings/registry.ts';

/** How far the customer list counts (also the churn scores', which list customers too). */
export const customerTunables: Tunable[] = [
  {
    key: 'lists.customerCountCap',
    bundle: listsBundle,
    type: 'INTEGER',
    validation: { min: 100, max: 1_000_000 },
    descriptionEn: 'The customer list counts at most this many customers.',
    descriptionAr: 'تعدّ قائمة العملاء هذا العدد من العملاء على الأكثر.',
    initial: () => 1_000,
  },
  {
    key: 'lists.customerSearchCountCap',
    bundle: listsBundle,
    type: 'INTEGER',
    validation: { min: 50, max: 100_000 },
    descriptionEn: 'A customer search counts at most this many matches.',
    descriptionAr: 'يعدّ البحث عن العملاء هذا العدد من النتائج على الأكثر.',
    initial: () => 200,
  },
];
