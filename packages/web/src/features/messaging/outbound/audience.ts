import type { OutboundAudienceSummary } from '@loyalty/contracts';
import type { TFunction } from 'i18next';

/** A send's audience in a few words: the customer, the file, or the filter. */
export function audienceText(t: TFunction, audience: OutboundAudienceSummary): string {
  switch (audience.kind) {
    case 'CUSTOMER':
      return t('messaging.outbound.audience.customer', { number: audience.customerNumber });
    case 'LIST':
      return t('messaging.outbound.audience.list', { file: audience.fileName || '—', count: audience.count });
    case 'FILTER':
      return [
        audience.tierIds.length
          ? t('messaging.outbound.audience.tiers', { count: audience.tierIds.length })
          : t('messaging.outbound.recipients.anyTier'),
        audience.segment
          ? t(`customers.segments.${audience.segment}`)
          : t('messaging.outbound.recipients.anySegment'),
        audience.statuses.map((s) => t(`customers.statuses.${s}`)).join(', '),
      ].join(' · ');
  }
}
