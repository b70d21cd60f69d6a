import {
  type AlertDelivery,
  type AlertPreference,
  alertPreferenceCommands,
  type Page,
} from '@loyalty/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiGet, apiWrite } from '../../api/typed.ts';
import { Ltr, Timestamp } from '../../components/format.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { Switch } from '../../components/Switch.tsx';
import { Typography } from '../../components/Typography.tsx';
import { useWriteOutcome } from '../../components/writeOutcome.ts';
import { useCan } from '../../state/me.ts';
import { PagedTable } from './PagedTable.tsx';

/** customer/info's Alerts tab: the alerts the customer was sent, on every channel, newest first. */
export function CustomerAlerts({ customerId }: { customerId: number }) {
  const { t, i18n } = useTranslation();
  return (
    <Flex vertical gap={12}>
      <MarketingChoice customerId={customerId} />
      <PagedTable<AlertDelivery>
        queryKey={['alert-deliveries', 'customer', customerId]}
        load={(query, signal): Promise<Page<AlertDelivery>> =>
          apiGet('/api/admin/alert-deliveries', { query: { ...query, customerId }, signal })
        }
        columns={[
          {
            key: 'createdAt',
            title: t('alerts.deliveries.createdAt'),
            render: (_, d) => <Timestamp iso={d.createdAt} />,
          },
          {
            key: 'alert',
            title: t('alerts.deliveries.alert'),
            render: (_, d) => (i18n.language === 'ar' ? d.alertNameAr : d.alertNameEn),
          },
          {
            key: 'channel',
            title: t('alerts.fields.channels'),
            render: (_, d) => t(`alerts.channels.${d.channel}`),
          },
          {
            key: 'recipient',
            title: t('alerts.deliveries.recipient'),
            render: (_, d) => (d.recipient ? <Ltr>{d.recipient}</Ltr> : '—'),
          },
          {
            key: 'text',
            title: t('alerts.deliveries.text'),
            render: (_, d) => (
              <Typography.Text
                dir={d.language === 'ar' ? 'rtl' : 'ltr'}
                ellipsis={{ tooltip: d.body }}
                style={{ maxWidth: 320, direction: d.language === 'ar' ? 'rtl' : 'ltr' }}
              >
                {d.subject ? `${d.subject} — ${d.body}` : d.body}
              </Typography.Text>
            ),
          },
          {
            key: 'status',
            title: t('alerts.fields.status'),
            render: (_, d) => (
              <>
                <StatusTag status={d.status} prefix="alerts.deliveryStatuses" />
                {d.skipReason && t(`alerts.skipReasons.${d.skipReason}`)}
              </>
            ),
          },
        ]}
      />
    </Flex>
  );
}

/** Whether the customer gets marketing alerts (service alerts always go); staff record their choice. */
function MarketingChoice({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const can = useCan();
  const outcome = useWriteOutcome();
  const queryClient = useQueryClient();
  const path = '/api/admin/alert-preferences/{customerId}';
  const query = useQuery({
    queryKey: ['alert-preferences', customerId],
    queryFn: ({ signal }): Promise<AlertPreference> => apiGet(path, { path: { customerId }, signal }),
  });
  const change = async (receives: boolean) => {
    const done = await outcome(
      apiWrite('put', path, { path: { customerId }, body: { marketingOptOut: !receives } }),
      {
        success: 'alerts.preferences.saved',
        failure: 'alerts.preferences.saveFailed',
      },
    );
    if (done.ok) await queryClient.invalidateQueries({ queryKey: ['alert-preferences', customerId] });
  };
  return (
    <Flex gap={8} align="center">
      <Switch
        aria-label={t('alerts.preferences.marketing')}
        checked={query.data ? !query.data.marketingOptOut : false}
        loading={query.isFetching}
        disabled={!query.data || !can(alertPreferenceCommands.set.name)}
        onChange={change}
      />
      <Typography.Text>{t('alerts.preferences.marketing')}</Typography.Text>
      {query.data?.source === 'DEFAULT' && (
        <Typography.Text type="secondary">{t('alerts.preferences.byDefault')}</Typography.Text>
      )}
      <Typography.Text type="secondary">{t('alerts.preferences.help')}</Typography.Text>
    </Flex>
  );
}
