import type { SystemBundle, Tunable } from '../../platform/settings/registry.ts';

const webhookDelivery: SystemBundle = {
  code: 'webhookDelivery',
  nameEn: 'Webhook delivery',
  nameAr: 'إرسال الويب هوك',
  descriptionEn: 'How long webhook deliveries are retried, and when a failing endpoint is disabled.',
  descriptionAr: 'مدة إعادة محاولة إرسال الويب هوك، ومتى يُعطَّل عنوان الاستقبال الذي يستمر فشله.',
};

/** The delivery job's retry window and the failing endpoints' cut-off (SystemConfigurations, bundle webhookDelivery). */
export const webhookTunables: Tunable[] = [
  {
    key: 'webhooks.retryWindow',
    bundle: webhookDelivery,
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
    bundle: webhookDelivery,
    type: 'DURATION',
    validation: { min: 600, max: 30 * 86_400 },
    descriptionEn:
      'An endpoint whose deliveries have failed without a success for this long is disabled and staff are told (ISO 8601, e.g. P3D).',
    descriptionAr:
      'يُعطَّل عنوان الاستقبال الذي تفشل عمليات الإرسال إليه دون نجاح طوال هذه المدة ويُبلَّغ الموظفون (بصيغة ISO 8601، مثل P3D).',
    initial: () => 'P3D',
  },
  {
    key: 'webhooks.giveWayFor',
    bundle: webhookDelivery,
    type: 'DURATION',
    validation: { min: 0, max: 600 },
    descriptionEn:
      'While earnings queue for the database, deliveries wait this long at most before sharing the machine with them (ISO 8601, e.g. PT30S; PT0S: never wait).',
    descriptionAr:
      'حين تنتظر عمليات كسب النقاط دورها في قاعدة البيانات، ينتظر إرسال الويب هوك هذه المدة على الأكثر قبل أن يشاركها موارد الخادم (بصيغة ISO 8601، مثل PT30S؛ PT0S: بلا انتظار).',
    initial: () => 'PT30S',
  },
];
