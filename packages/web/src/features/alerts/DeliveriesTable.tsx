import { type AlertDelivery, alertDeliveryCommands } from '@loyalty/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../components/DataTable.tsx';
import { Ltr, Timestamp } from '../../components/format.tsx';
import { LocalText } from '../../components/localized.tsx';
import { StatusLogTable } from '../../components/StatusLogTable.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { Tooltip } from '../../components/Tooltip.tsx';
import { Typography } from '../../components/Typography.tsx';
import { useWriteOutcome } from '../../components/writeOutcome.ts';
import { useLang } from '../../i18n/lang.ts';
import { useCan } from '../../state/me.ts';
import { alertsApi, nameIn } from './api.ts';

/**
 * Alert deliveries, newest first: one alert's (its latest deliveries) or one customer's; a
 * dead-lettered one can be sent again (with the permission).
 */
export function DeliveriesTable({ alertId, customerId }: { alertId?: number; customerId?: number }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const can = useCan();
  const outcome = useWriteOutcome();
  const queryClient = useQueryClient();
  const retry = async (d: AlertDelivery) => {
    const done = await outcome(alertsApi.retry(d.id), {
      success: 'alerts.deliveries.retried',
      failure: 'alerts.deliveries.retryFailed',
    });
    if (done.ok) await queryClient.invalidateQueries({ queryKey: ['alert-deliveries'] });
  };
  const columns: DataColumn<AlertDelivery>[] = [
    {
      key: 'createdAt',
      title: t('alerts.deliveries.createdAt'),
      render: (_, d) => <Timestamp iso={d.createdAt} />,
    },
    alertId
      ? {
          key: 'customer',
          title: t('alerts.deliveries.customer'),
          render: (_, d) => (
            <>
              <LocalText en={d.customerName} ar={d.customerNameAr} /> · <Ltr>{d.customerNumber}</Ltr>
            </>
          ),
        }
      : {
          key: 'alert',
          title: t('alerts.deliveries.alert'),
          render: (_, d) => nameIn({ nameEn: d.alertNameEn, nameAr: d.alertNameAr }, lang),
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
          style={{ maxWidth: 260, direction: d.language === 'ar' ? 'rtl' : 'ltr' }}
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
          {d.lastError && (
            <Tooltip title={d.lastError}>
              <Typography.Text type="danger" ellipsis style={{ maxWidth: 200 }}>
                {d.lastError}
              </Typography.Text>
            </Tooltip>
          )}
        </>
      ),
    },
    { key: 'attempts', title: t('alerts.deliveries.attempts'), render: (_, d) => d.attempts },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, d) =>
        d.status === 'DEAD' && can(alertDeliveryCommands.retry.name) ? (
          <Button size="small" type="link" onClick={() => retry(d)}>
            {t('alerts.deliveries.retry')}
          </Button>
        ) : null,
    },
  ];
  return (
    <StatusLogTable<AlertDelivery>
      queryKey={['alert-deliveries', { alertId, customerId }]}
      load={(query, signal) => alertsApi.deliveries({ ...query, alertId, customerId }, signal)}
      statuses={['SENT', 'PENDING', 'DEAD', 'SKIPPED']}
      statusLabel={(s) => t(`alerts.deliveryStatuses.${s}`)}
      allLabel={t('alerts.deliveries.all')}
      emptyText={t('msg.noRecordsFound')}
      columns={columns}
    />
  );
}
