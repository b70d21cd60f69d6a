import { listsBundle } from '../../platform/lists.ts';
import type { Tunable } from '../../platform/settings/registry.ts';

/** How far the message queue counts. */
export const messagingTunables: Tunable[] = [
  {
    key: 'lists.messageCountCap',
    bundle: listsBundle,
    type: 'INTEGER',
    validation: { min: 100, max: 1_000_000 },
    descriptionEn: 'The message queue counts at most this many conversations.',
    descriptionAr: 'تعدّ قائمة الرسائل هذا العدد من المحادثات على الأكثر.',
    initial: () => 1_000,
  },
  {
    key: 'lists.messageSearchCountCap',
    bundle: listsBundle,
    type: 'INTEGER',
    validation: { min: 50, max: 100_000 },
    descriptionEn: 'A search of the message queue counts at most this many matches.',
    descriptionAr: 'يعدّ البحث في قائمة الرسائل هذا العدد من النتائج على الأكثر.',
    initial: () => 200,
  },
];
