import type { SystemBundle, Tunable } from '../../platform/settings/registry.ts';

const households: SystemBundle = {
  code: 'households',
  nameEn: 'Households',
  nameAr: 'الأسر',
  descriptionEn: 'How large a household may be, and how its members may transfer points to each other.',
  descriptionAr: 'الحد الأقصى لعدد أفراد الأسرة، وشروط تحويل النقاط بين أفرادها.',
};

/** The size of a household and the transfer policy (decisions/households.md). */
export const householdTunables: Tunable[] = [
  {
    key: 'households.maxMembers',
    bundle: households,
    type: 'INTEGER',
    validation: { min: 2, max: 20 },
    descriptionEn: 'A household has at most this many members, its head included.',
    descriptionAr: 'تضم الأسرة هذا العدد من الأفراد على الأكثر، بمن فيهم رب الأسرة.',
    initial: () => 6,
  },
  {
    key: 'households.transfersPerDay',
    bundle: households,
    type: 'INTEGER',
    validation: { min: 1, max: 100 },
    descriptionEn: 'A member sends at most this many transfers a day (UTC).',
    descriptionAr: 'يرسل الفرد هذا العدد من التحويلات في اليوم على الأكثر (بالتوقيت العالمي المنسق).',
    initial: () => 3,
  },
  {
    key: 'households.nonTransferableDays',
    bundle: households,
    type: 'INTEGER',
    validation: { min: 0, max: 365 },
    descriptionEn: 'Points expiring within this many days are not transferable: they stay with their owner.',
    descriptionAr: 'النقاط التي تنتهي صلاحيتها خلال هذا العدد من الأيام لا يمكن تحويلها وتبقى لدى صاحبها.',
    initial: () => 30,
  },
];
