import {
  type WebhookDelivery,
  webhookDeliveryCommands,
  webhookDeliveryStatuses,
  webhookEndpointCommands,
} from '@loyalty/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Space } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { DataColumn } from '../../components/DataTable.tsx';
import { type DayRange, DayRangePicker, rangePresets } from '../../components/DayRangePicker.tsx';
import { Descriptions } from '../../components/Descriptions.tsx';
import { DateTime, Ltr } from '../../components/format.tsx';
import { InlineLoading } from '../../components/LoadingOverlay.tsx';
import { Panel } from '../../components/Panel.tsx';
import { Progress } from '../../components/Progress.tsx';
import { ProblemPanel } from '../../components/plain.tsx';
import { StatusLogTable } from '../../components/StatusLogTable.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { Tag } from '../../components/Tag.tsx';
import { Typography } from '../../components/Typography.tsx';
import { useWriteOutcome } from '../../components/writeOutcome.ts';
import { useLangNavigate } from '../../i18n/lang.ts';
import { useCan } from '../../state/me.ts';
import { webhooksApi } from './api.ts';
import { endpointApi, webhookEndpointUi } from './endpoints.resource.tsx';
import { SecretModal } from './SecretModal.tsx';

/** `Integration/Webhooks/{id}`: an endpoint, its ping, rotation and replay, and its delivery log. */
export default function EndpointPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useLangNavigate();
  const outcome = useWriteOutcome();
  const queryClient = useQueryClient();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({
    queryKey: ['webhook-endpoints', 'detail', id],
    queryFn: ({ signal }) => endpointApi.get(id, signal),
    enabled: valid,
  });
  const [secret, setSecret] = useState<string>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['webhook-deliveries'] });

  if (!valid || query.isError)
    return <ProblemPanel tone="warning" title={t('webhooks.endpoints.fetchFailed')} />;
  const e = query.data;
  if (!e) return <InlineLoading text={t('webhooks.loading')} />;

  const ping = async () => {
    const done = await outcome(webhooksApi.ping(e.id), {
      success: 'webhooks.endpoints.pinged',
      failure: 'webhooks.endpoints.pingFailed',
    });
    if (done.ok) setTimeout(refresh, 1000);
  };
  const rotate = async () => {
    const done = await outcome(webhooksApi.rotate(e.id), { failure: 'webhooks.endpoints.rotateFailed' });
    if (done.ok && done.result.kind === 'applied') setSecret(done.result.data.secret);
    await queryClient.invalidateQueries({ queryKey: ['webhook-endpoints'] });
  };
  return (
    <Flex vertical gap={16}>
      <Panel
        title={<Ltr>{e.url}</Ltr>}
        extra={
          <Space wrap>
            {can(webhookEndpointCommands.ping.name) && (
              <Button onClick={ping}>{t('webhooks.endpoints.ping')}</Button>
            )}
            {can(webhookEndpointCommands.rotate.name) && (
              <Button onClick={rotate}>{t('webhooks.endpoints.rotate')}</Button>
            )}
            {can(webhookEndpointCommands.update.name) && (
              <Button type="primary" onClick={() => navigate(webhookEndpointUi.paths.edit(e.id))}>
                {t('common.edit')}
              </Button>
            )}
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label={t('webhooks.fields.status')}>
            <StatusTag status={e.status} prefix="webhooks.statuses" />
            {e.disabledReason && t('webhooks.endpoints.disabledForFailures')}
          </Descriptions.Item>
          <Descriptions.Item label={t('webhooks.fields.description')}>
            {e.description || '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('webhooks.fields.events')}>
            {e.events.map((ev) => (
              <Tag key={ev}>{t(`webhooks.events.${ev}`)}</Tag>
            ))}
          </Descriptions.Item>
          <Descriptions.Item label={t('webhooks.fields.maxPerSecond')}>{e.maxPerSecond}</Descriptions.Item>
          <Descriptions.Item label={t('webhooks.endpoints.failingSince')}>
            {e.failingSince ? <DateTime iso={e.failingSince} /> : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('webhooks.endpoints.previousSecretUntil')}>
            {e.previousSecretExpiresAt ? <DateTime iso={e.previousSecretExpiresAt} /> : '—'}
          </Descriptions.Item>
        </Descriptions>
      </Panel>
      {can(webhookEndpointCommands.replay.name) && <ReplayPanel endpointId={e.id} onQueued={refresh} />}
      <DeliveryLog endpointId={e.id} />
      <SecretModal secret={secret} onClose={() => setSecret(undefined)} />
    </Flex>
  );
}

/** Replay a range of days; the latest replays' progress, polled while one runs. */
function ReplayPanel({ endpointId, onQueued }: { endpointId: number; onQueued: () => void }) {
  const { t } = useTranslation();
  const outcome = useWriteOutcome();
  const [range, setRange] = useState<DayRange>(rangePresets().last7);
  const replays = useQuery({
    queryKey: ['webhook-replays', endpointId],
    queryFn: ({ signal }) => webhooksApi.replays(endpointId, signal),
    refetchInterval: (q) => (q.state.data?.some((r) => r.status !== 'DONE') ? 1000 : false),
  });
  const replay = async () => {
    const done = await outcome(
      webhooksApi.replay(endpointId, {
        from: dayjs(range.from).startOf('day').toISOString(),
        to: dayjs(range.to).endOf('day').toISOString(),
      }),
      { success: 'webhooks.replay.queued', failure: 'webhooks.replay.failed' },
    );
    if (done.ok) {
      await replays.refetch();
      setTimeout(onQueued, 1000);
    }
  };
  const latest = replays.data?.[0];
  return (
    <Panel title={t('webhooks.replay.title')}>
      <Space wrap align="center">
        <DayRangePicker value={range} onChange={setRange} />
        <Button type="primary" onClick={replay}>
          {t('webhooks.replay.start')}
        </Button>
      </Space>
      {latest && (
        <div style={{ marginTop: 12, maxWidth: 480 }}>
          <Typography.Text type="secondary">
            {t('webhooks.replay.progress', {
              done: latest.done,
              total: latest.total ?? '…',
              status: t(`webhooks.replay.statuses.${latest.status}`),
            })}
          </Typography.Text>
          <Progress
            aria-label={t('webhooks.replay.title')}
            percent={latest.total ? (100 * latest.done) / latest.total : latest.status === 'DONE' ? 100 : 0}
            status={latest.status === 'DONE' ? 'success' : 'active'}
          />
        </div>
      )}
    </Panel>
  );
}

/** One delivery's attempts: when, code, duration, the first bytes of the answer or the error. */
function Attempts({ id }: { id: number }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['webhook-deliveries', 'detail', id],
    queryFn: ({ signal }) => webhooksApi.delivery(id, signal),
  });
  if (!query.data) return <InlineLoading text={t('webhooks.loading')} />;
  return (
    <Flex vertical gap={4}>
      {query.data.log.map((a) => (
        <Typography.Text key={a.attempt}>
          #{a.attempt} · <DateTime iso={a.attemptedAt} /> · {a.responseCode ?? '—'} · {a.durationMs} ms ·{' '}
          <Ltr>{a.error ?? a.responseExcerpt}</Ltr>
        </Typography.Text>
      ))}
    </Flex>
  );
}

/** The endpoint's deliveries, newest first, by status; each opens its attempts, and can be sent again. */
function DeliveryLog({ endpointId }: { endpointId: number }) {
  const { t } = useTranslation();
  const can = useCan();
  const outcome = useWriteOutcome();
  const queryClient = useQueryClient();
  const retry = async (d: WebhookDelivery) => {
    const done = await outcome(webhooksApi.retry(d.id), {
      success: 'webhooks.deliveries.retried',
      failure: 'webhooks.deliveries.retryFailed',
    });
    if (done.ok) setTimeout(() => queryClient.invalidateQueries({ queryKey: ['webhook-deliveries'] }), 1000);
  };
  const columns: DataColumn<WebhookDelivery>[] = [
    {
      key: 'createdAt',
      title: t('webhooks.deliveries.createdAt'),
      render: (_, d) => <DateTime iso={d.createdAt} />,
    },
    {
      key: 'event',
      title: t('webhooks.deliveries.event'),
      render: (_, d) => t(`webhooks.events.${d.eventType}`),
    },
    {
      key: 'status',
      title: t('webhooks.fields.status'),
      render: (_, d) => <StatusTag status={d.status} prefix="webhooks.deliveryStatuses" />,
    },
    { key: 'attempts', title: t('webhooks.deliveries.attempts'), render: (_, d) => d.attempts },
    { key: 'code', title: t('webhooks.deliveries.responseCode'), render: (_, d) => d.responseCode ?? '—' },
    {
      key: 'duration',
      title: t('webhooks.deliveries.duration'),
      render: (_, d) => (d.durationMs === null ? '—' : `${d.durationMs} ms`),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, d) =>
        d.status !== 'SENDING' && can(webhookDeliveryCommands.retry.name) ? (
          <Button size="small" type="link" onClick={() => retry(d)}>
            {t('webhooks.deliveries.retry')}
          </Button>
        ) : null,
    },
  ];
  return (
    <Panel
      title={t('webhooks.deliveries.title')}
      extra={
        <Button
          onClick={() => queryClient.invalidateQueries({ queryKey: ['webhook-deliveries', endpointId] })}
        >
          {t('webhooks.deliveries.refresh')}
        </Button>
      }
    >
      <StatusLogTable<WebhookDelivery>
        queryKey={['webhook-deliveries', endpointId]}
        load={(query, signal) => webhooksApi.deliveries({ ...query, endpointId }, signal)}
        statuses={webhookDeliveryStatuses}
        statusLabel={(s) => t(`webhooks.deliveryStatuses.${s}`)}
        allLabel={t('webhooks.deliveries.all')}
        emptyText={t('msg.noRecordsFound')}
        columns={columns}
        expandedRow={(d) => <Attempts id={d.id} />}
      />
    </Panel>
  );
}
