import type { Tunable } from '../../platform/settings/registry.ts';

/** How long background reports are kept (SystemConfigurations, bundle reports). */
export const reportTunables: Tunable[] = [
  {
    key: 'reports.fileRetentionDays',
    bundle: {
      code: 'reports',
      nameEn: 'Reports',
      nameAr: 'التقارير',
      descriptionEn: 'How long the files of reports run in the background are kept for download.',
      descriptionAr: 'مدة الاحتفاظ بملفات التقارير المُعدّة في الخلفية لتنزيلها.',
    },
    type: 'INTEGER',
    validation: { min: 1, max: 365 },
    descriptionEn:
      'Days a finished background report (its file, or its failure) is kept; older runs are removed by the report job.',
    descriptionAr:
      'عدد أيام الاحتفاظ بالتقرير المُعدّ في الخلفية بعد انتهائه (ملفه أو سبب فشله)؛ ويحذف عمل التقارير ما هو أقدم.',
    initial: () => 7,
  },
];
