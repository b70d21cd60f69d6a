import { useQuery } from '@tanstack/react-query';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { Alert } from '../../../components/Alert.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { Descriptions } from '../../../components/Descriptions.tsx';
import { formatPoints, Timestamp } from '../../../components/format.tsx';
import { LocalText } from '../../../components/localized.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { Progress } from '../../../components/Progress.tsx';
import { Statistic } from '../../../components/Statistic.tsx';
import { StatusTag } from '../../../components/StatusTag.tsx';
import { outboundApi } from './api.ts';
import { audienceText } from './audience.ts';

/** How often a running send is asked for its progress. */
export const PROGRESS_POLL_MS = 1_000;

/** A send's progress while its job runs, then its result: sent / skipped / failed, by reason. */
export function SendProgress({ id }: { id: number }) {
  const { t } = useTranslation();
  const send = useQuery({
    queryKey: ['outbound-messages', 'detail', id],
    queryFn: ({ signal }) => outboundApi.get(id, signal),
    refetchInterval: (q) => (q.state.data?.status === 'DONE' ? false : PROGRESS_POLL_MS),
  });
  if (send.isError) {
    const code = send.error instanceof ApiError ? send.error.code : 'INTERNAL';
    return <Alert type="error" showIcon title={t(`error.${code}`)} />;
  }
  const s = send.data;
  if (!s) return <Panel loading />;
  const done = s.status === 'DONE';
  const percent = s.total ? Math.min(100, Math.floor((s.processed / s.total) * 100)) : 100;
  return (
    <Panel
      title={t('messaging.outbound.progress.title', { id: s.id })}
      extra={<StatusTag status={s.status} prefix="messaging.outbound.statuses" />}
      data-testid="send-progress"
    >
      <Flex vertical gap={16}>
        <Progress
          percent={done ? 100 : percent}
          status={done ? (s.failed ? 'exception' : 'success') : 'active'}
          aria-label={t('messaging.outbound.progress.label')}
        />
        <span>
          {t('messaging.outbound.progress.processed', {
            processed: formatPoints(s.processed),
            total: formatPoints(s.total),
          })}
        </span>
        <Flex gap={16} wrap>
          <Statistic title={t('messaging.outbound.deliveryStatuses.SENT')} value={s.sent} />
          <Statistic title={t('messaging.outbound.deliveryStatuses.SKIPPED')} value={s.skipped} />
          <Statistic title={t('messaging.outbound.deliveryStatuses.FAILED')} value={s.failed} />
        </Flex>
        <DataTable
          size="small"
          pagination={false}
          rowKey={(r) => `${r.status}-${r.reason ?? ''}`}
          dataSource={s.results}
          locale={{ emptyText: t('msg.noRecordsFound') }}
          columns={[
            {
              key: 'status',
              title: t('messaging.outbound.fields.status'),
              render: (_, r) => <StatusTag status={r.status} prefix="messaging.outbound.deliveryStatuses" />,
            },
            {
              key: 'reason',
              title: t('messaging.outbound.fields.reason'),
              render: (_, r) => (r.reason ? t(`messaging.outbound.reasons.${r.reason}`) : '—'),
            },
            {
              key: 'count',
              title: t('messaging.outbound.fields.count'),
              render: (_, r) => formatPoints(r.count),
            },
          ]}
        />
        <Descriptions size="small" column={1}>
          <Descriptions.Item label={t('messaging.outbound.fields.audience')}>
            {audienceText(t, s.audience)}
          </Descriptions.Item>
          <Descriptions.Item label={t('messaging.outbound.fields.channels')}>
            {s.channels.map((c) => t(`messaging.outbound.channels.${c}`)).join(', ')}
          </Descriptions.Item>
          <Descriptions.Item label={t('messaging.outbound.fields.createdBy')}>
            <LocalText en={s.createdByName} ar={s.createdByNameAr} />
          </Descriptions.Item>
          <Descriptions.Item label={t('messaging.outbound.fields.createdAt')}>
            <Timestamp iso={s.createdAt} />
          </Descriptions.Item>
          {s.finishedAt && (
            <Descriptions.Item label={t('messaging.outbound.fields.finishedAt')}>
              <Timestamp iso={s.finishedAt} />
            </Descriptions.Item>
          )}
        </Descriptions>
      </Flex>
    </Panel>
  );
}
