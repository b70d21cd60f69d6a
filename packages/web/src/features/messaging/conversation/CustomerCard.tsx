import type { MessageDetail } from '@loyalty/contracts';
import { useTranslation } from 'react-i18next';
import { Descriptions } from '../../../components/Descriptions.tsx';
import { formatPoints, Ltr } from '../../../components/format.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { LocalText } from '../../../components/localized.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { customerInfoUrl } from '../../../components/resource.ts';

/** customer/info, the customer's own screen (a screen of its own; see app/routes.ts). */

/** Who wrote: number, name, tier, balance, language, and a link to their customer info. */
export function CustomerCard({ customer }: { customer: MessageDetail['customer'] }) {
  const { t } = useTranslation();
  return (
    <Panel
      size="small"
      title={t('messaging.conversation.customer')}
      extra={
        <LangLink to={customerInfoUrl(customer.id)}>{t('messaging.conversation.customerInfo')}</LangLink>
      }
    >
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'number',
            label: t('messaging.conversation.number'),
            children: <Ltr>{customer.customerNumber}</Ltr>,
          },
          { key: 'name', label: t('messaging.conversation.name'), children: customer.fullName },
          {
            key: 'tier',
            label: t('messaging.conversation.tier'),
            children:
              customer.tierName === null ? (
                t('messaging.conversation.noTier')
              ) : (
                <LocalText en={customer.tierName} ar={customer.tierNameAr} />
              ),
          },
          {
            key: 'balance',
            label: t('messaging.conversation.balance'),
            children: <Ltr>{formatPoints(customer.balance)}</Ltr>,
          },
          {
            key: 'language',
            label: t('messaging.conversation.language'),
            children: t(`customers.languages.${customer.language}`),
          },
        ]}
      />
    </Panel>
  );
}
