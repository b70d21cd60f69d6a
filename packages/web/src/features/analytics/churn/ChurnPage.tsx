import {
  type ChurnModel,
  type ChurnScore,
  campaignCommands,
  campaignResource,
  churnBands,
  churnCommands,
  churnScoreSortFields,
  customerSegments,
  DEFAULT_CHURN_HORIZON_DAYS,
} from '@loyalty/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Col, Empty, Flex, Row, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { Chart, type ChartDescription } from '../../../components/Chart.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { DateTime, formatPoints, Ltr, pct } from '../../../components/format.tsx';
import { InputNumber } from '../../../components/InputNumber.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { ChoiceFilter } from '../../../components/ListFilters.tsx';
import { LocalText } from '../../../components/localized.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { Progress } from '../../../components/Progress.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { customerInfoUrl, fixedChoices, screenLink } from '../../../components/resource.ts';
import { Tag } from '../../../components/Tag.tsx';
import { Typography } from '../../../components/Typography.tsx';
import { useListUrl } from '../../../components/useListUrl.ts';
import { useWriteOutcome } from '../../../components/writeOutcome.ts';
import { useCan } from '../../../state/me.ts';
import { useAppSelector } from '../../../state/store.ts';
import { useToast } from '../../../state/useToast.ts';
import { churnApi } from './api.ts';
import { bandColor, Drivers } from './drivers.tsx';

const filterNames = ['tierId', 'segment', 'band'] as const;

/** Model against the recency-only baseline, on the same hold-out, as measured. */
function MetricsCard({ model }: { model: ChurnModel }) {
  const { t } = useTranslation();
  const rows = [
    { key: 'auc', model: model.model.auc.toFixed(3), baseline: model.baseline.auc.toFixed(3) },
    {
      key: 'precisionAt10',
      model: pct(model.model.precisionAt10),
      baseline: pct(model.baseline.precisionAt10),
    },
    { key: 'recallAt10', model: pct(model.model.recallAt10), baseline: pct(model.baseline.recallAt10) },
    { key: 'brier', model: model.model.brier.toFixed(3), baseline: '—' },
  ];
  return (
    <Panel title={t('analytics.churn.metrics.title', { version: model.version })} data-testid="churn-metrics">
      <Typography.Paragraph type="secondary">
        {t('analytics.churn.metrics.explain', {
          horizon: model.horizonDays,
          train: formatPoints(model.trainRows),
          test: formatPoints(model.testRows),
          rate: pct(model.testChurnRate),
        })}
        {model.sampled ? ` ${t('analytics.churn.metrics.sampled')}` : ''}
      </Typography.Paragraph>
      <DataTable
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={rows}
        columns={[
          {
            key: 'metric',
            title: t('analytics.churn.metrics.metric'),
            render: (_, r) => t(`analytics.churn.metrics.${r.key}`),
          },
          { key: 'model', title: t('analytics.churn.metrics.model'), render: (_, r) => <Ltr>{r.model}</Ltr> },
          {
            key: 'baseline',
            title: t('analytics.churn.metrics.baseline'),
            render: (_, r) => <Ltr>{r.baseline}</Ltr>,
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('analytics.churn.metrics.cutoffs')}{' '}
        <Ltr>{`${model.trainCutoffs.map((c) => c.slice(0, 10)).join(', ')} → ${model.testCutoff.slice(0, 10)}`}</Ltr>
      </Typography.Paragraph>
    </Panel>
  );
}

function Charts({ model }: { model: ChurnModel }) {
  const { t } = useTranslation();
  // Charts are not mirrored in Arabic (docs/web.md): axes read as they do in English.
  const calibration = useMemo(
    (): ChartDescription => ({
      kind: 'line',
      series: [
        {
          name: t('analytics.churn.charts.observed'),
          data: model.calibration.map((b) => ({ x: b.predicted, y: b.observed })),
        },
        {
          name: t('analytics.churn.charts.ideal'),
          data: [
            { x: 0, y: 0 },
            { x: 1, y: 1 },
          ],
          dashed: true,
        },
      ],
      x: { min: 0, max: 1, title: t('analytics.churn.charts.predicted') },
      y: { min: 0, max: 1, title: t('analytics.churn.charts.observedAxis') },
    }),
    [model, t],
  );
  const comparison = useMemo((): ChartDescription => {
    const metrics = (m: ChurnModel['baseline']) =>
      [m.auc, m.precisionAt10, m.recallAt10].map((v) => +v.toFixed(3));
    return {
      kind: 'bar',
      labels: ['AUC', t('analytics.churn.metrics.precisionAt10'), t('analytics.churn.metrics.recallAt10')],
      series: [
        { name: t('analytics.churn.metrics.model'), data: metrics(model.model) },
        { name: t('analytics.churn.metrics.baseline'), data: metrics(model.baseline) },
      ],
      y: { min: 0, max: 1 },
    };
  }, [model, t]);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Panel title={t('analytics.churn.charts.calibration')}>
          <Chart description={calibration} label={t('analytics.churn.charts.calibration')} />
        </Panel>
      </Col>
      <Col xs={24} lg={12}>
        <Panel title={t('analytics.churn.charts.comparison')}>
          <Chart description={comparison} label={t('analytics.churn.charts.comparison')} />
        </Panel>
      </Col>
    </Row>
  );
}

/** "Train now" with the horizon N, and the newest run's progress while it runs. */
function Training({ runId, onDone }: { runId: number | null | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const report = useWriteOutcome();
  const [horizon, setHorizon] = useState<number>(DEFAULT_CHURN_HORIZON_DAYS);
  const [started, setStarted] = useState<number | null>(null);
  const id = started ?? runId ?? null;
  const run = useQuery({
    queryKey: ['churn', 'run', id],
    queryFn: ({ signal }) => churnApi.run(id as number, signal),
    enabled: id !== null,
    refetchInterval: (q) => {
      const s = q.state.data?.status;
      if (s === 'DONE' || s === 'FAILED') return false;
      return 1_000;
    },
  });
  const r = run.data;
  const finished = r && (r.status === 'DONE' || r.status === 'FAILED');
  const [seen, setSeen] = useState<number | null>(null);
  if (r && finished && started === r.id && seen !== r.id) {
    setSeen(r.id);
    onDone();
  }
  const train = async () => {
    const outcome = await report(churnApi.train({ horizonDays: horizon }), {
      success: 'analytics.churn.train.started',
      failure: 'analytics.churn.train.failed',
    });
    if (outcome.ok && outcome.result?.kind === 'applied') setStarted(outcome.result.data.id);
  };
  return (
    <Panel title={t('analytics.churn.train.title')} data-testid="churn-training">
      <Flex vertical gap={12}>
        {can(churnCommands.train.name) && (
          <Space wrap>
            <span>{t('analytics.churn.train.horizon')}</span>
            <InputNumber
              min={30}
              max={365}
              value={horizon}
              onChange={(v) => setHorizon(v ?? DEFAULT_CHURN_HORIZON_DAYS)}
              aria-label={t('analytics.churn.train.horizon')}
            />
            <Button type="primary" onClick={train} disabled={runId === undefined || r?.status === 'RUNNING'}>
              {t('analytics.churn.train.now')}
            </Button>
          </Space>
        )}
        {r && (
          <div data-testid="churn-run">
            <Progress
              percent={r.progress}
              status={r.status === 'FAILED' ? 'exception' : r.status === 'DONE' ? 'success' : 'active'}
              aria-label={t('analytics.churn.train.progress')}
            />
            <Typography.Text type="secondary">
              {t(`analytics.churn.train.statuses.${r.status}`)} ·{' '}
              {t(`analytics.churn.train.stages.${r.stage}`, r.stage)}
              {r.error ? ` · ${t(`analytics.churn.train.errors.${r.error}`, r.error)}` : ''}
            </Typography.Text>
          </div>
        )}
      </Flex>
    </Panel>
  );
}

/** advanced-analytics/customer-churn: the model as measured, training, and customers ranked by risk. */
export default function ChurnPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const token = useAppSelector((s) => s.auth.token);
  const can = useCan();
  const list = useListUrl(churnScoreSortFields, filterNames);
  const { query, onTableChange, pagination } = list;
  const overview = useQuery({
    queryKey: ['churn', 'overview'],
    queryFn: ({ signal }) => churnApi.overview(signal),
  });
  const scores = useQuery({
    queryKey: ['churn', 'scores', query],
    queryFn: ({ signal }) => churnApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
  const tiers = useQuery({ queryKey: ['tiers', 'all'], queryFn: ({ signal }) => churnApi.tiers(signal) });
  const active = overview.data?.active;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['churn'] });

  const exportCsv = async () => {
    try {
      await churnApi.export(query, token);
    } catch {
      toast.error(t('analytics.churn.exportFailed'));
    }
  };

  if (overview.isError) return <QueryError query={overview} />;
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('routes.customerChurn')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('analytics.churn.intro', { horizon: active?.horizonDays ?? DEFAULT_CHURN_HORIZON_DAYS })}
      </Typography.Paragraph>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          {active ? (
            <MetricsCard model={active} />
          ) : (
            <Panel>
              <Empty description={t('analytics.churn.noModel')} />
            </Panel>
          )}
        </Col>
        <Col xs={24} lg={10}>
          <Training
            runId={overview.data ? (overview.data.latestRun?.id ?? null) : undefined}
            onDone={refresh}
          />
        </Col>
      </Row>
      {active && <Charts model={active} />}
      <Panel title={t('analytics.churn.ranked')} data-testid="churn-ranked">
        <Flex gap={8} wrap style={{ marginBottom: 12 }}>
          <ChoiceFilter
            list={list}
            name="tierId"
            label="analytics.churn.filters.tier"
            options={(tiers.data?.items ?? []).map((tier) => ({ value: tier.id, label: tier.name }))}
            width={160}
          />
          <ChoiceFilter
            list={list}
            name="segment"
            label="analytics.churn.filters.segment"
            options={fixedChoices(customerSegments, 'analytics.churn.segments')}
            width={160}
          />
          <ChoiceFilter
            list={list}
            name="band"
            label="analytics.churn.filters.band"
            options={fixedChoices(churnBands, 'analytics.churn.bands')}
            width={160}
          />
          <Button onClick={exportCsv}>{t('analytics.churn.export')}</Button>
          {/* Issue 17: a campaign aimed at the customers listed (create-campaigns?customers=…). */}
          {can(campaignCommands.create.name) && !!scores.data?.items.length && (
            <LangLink
              to={`${screenLink(campaignResource, 'create')}?customers=${encodeURIComponent(scores.data.items.map((s) => s.customerNumber).join(','))}`}
            >
              <Button data-testid="churn-campaign">{t('analytics.churn.campaignLink')}</Button>
            </LangLink>
          )}
        </Flex>
        {scores.isError ? (
          <Alert type="error" showIcon title={t('analytics.churn.loadFailed')} />
        ) : (
          <DataTable<ChurnScore>
            rowKey="id"
            loading={scores.isFetching}
            dataSource={scores.data?.items ?? []}
            onChange={onTableChange}
            pagination={pagination(scores.data?.total, t, scores.data?.totalCapped === true)}
            locale={{ emptyText: t('msg.noRecordsFound') }}
            columns={[
              { key: 'rank', title: t('analytics.churn.columns.rank'), dataIndex: 'rank', width: 70 },
              {
                key: 'customer',
                title: t('analytics.churn.columns.customer'),
                render: (_, s) => (
                  <LangLink to={customerInfoUrl(s.id)}>
                    <Ltr>{s.customerNumber}</Ltr> ·{' '}
                    <bdi>
                      <LocalText en={s.fullName} ar={s.fullNameAr} />
                    </bdi>
                  </LangLink>
                ),
              },
              {
                key: 'tier',
                title: t('analytics.churn.columns.tier'),
                render: (_, s) => (s.tierName ? <LocalText en={s.tierName} ar={s.tierNameAr} /> : '—'),
              },
              {
                key: 'segment',
                title: t('analytics.churn.columns.segment'),
                render: (_, s) => t(`analytics.churn.segments.${s.segment}`),
              },
              {
                key: 'risk',
                title: t('analytics.churn.columns.risk'),
                render: (_, s) => (
                  <Space>
                    <Tag color={bandColor[s.band]}>{t(`analytics.churn.bands.${s.band}`)}</Tag>
                    <Ltr>{pct(s.score)}</Ltr>
                  </Space>
                ),
              },
              {
                key: 'drivers',
                title: t('analytics.churn.columns.drivers'),
                render: (_, s) => <Drivers score={s} />,
              },
            ]}
          />
        )}
        {overview.data && (
          <Typography.Text type="secondary">
            {t('analytics.churn.scoredAt')}{' '}
            {scores.data?.items[0] ? <DateTime iso={scores.data.items[0].scoredAt} /> : '—'}
          </Typography.Text>
        )}
      </Panel>
    </Flex>
  );
}
