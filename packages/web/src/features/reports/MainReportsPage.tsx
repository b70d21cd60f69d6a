import {
  BACKGROUND_RANGE_DAYS,
  type Report,
  type ReportName,
  reportNames,
  reportScheduleRead,
  reportSources,
} from '@loyalty/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Col, Empty, Flex, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/Alert.tsx';
import { Chart } from '../../components/Chart.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { type DayRange, DayRangePicker, rangePresets } from '../../components/DayRangePicker.tsx';
import { ExportButton } from '../../components/ExportButton.tsx';
import { formatAmount, formatPoints, Ltr } from '../../components/format.tsx';
import { LangLink } from '../../components/LangLink.tsx';
import { Panel } from '../../components/Panel.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { Typography } from '../../components/Typography.tsx';
import { useLang } from '../../i18n/lang.ts';
import { useCan } from '../../state/me.ts';
import { reportEndpoint, reportsApi } from './api.ts';
import { BackgroundRuns, RunInBackground } from './BackgroundRuns.tsx';
import { channelName, chartOf, cohortShade, readersColumns, tierMatrix } from './charts.ts';
import './reports.css';

const isDay = (s: string | null): s is string => !!s && /^\d{4}-\d{2}-\d{2}$/.test(s);
/** Reports whose period is the coming months, not a range of the past. */
const forward: ReportName[] = ['expiryForecast'];
const dayCount = (r: DayRange) =>
  Math.round((Date.parse(`${r.to}T00:00:00Z`) - Date.parse(`${r.from}T00:00:00Z`)) / 86_400_000) + 1;

/**
 * MainReports: the report catalogue — points liability, expiry forecast, issuance and redemption,
 * tier migration, service desk, staff activity — each with its period, chart, table and export
 * (CSV / Excel). Only the reports whose source the user may read are listed.
 */
export default function MainReportsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const available = reportNames.filter((n) => can(reportSources[n]));
  const asked = params.get('report') as ReportName | null;
  const name = asked && available.includes(asked) ? asked : available[0];
  const from = params.get('from');
  const to = params.get('to');
  const range: DayRange = isDay(from) && isDay(to) && from <= to ? { from, to } : rangePresets().last90;
  const set = (patch: Record<string, string>) =>
    setParams((prev) => {
      for (const [k, v] of Object.entries(patch)) prev.set(k, v);
      return prev;
    });

  if (!name) return <Empty description={t('reports.none')} />;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={6}>
        <Panel size="small" title={t('reports.catalogue')} styles={{ body: { padding: 4 } }}>
          <nav aria-label={t('reports.catalogue')} className="report-catalogue">
            {available.map((n) => (
              <button
                key={n}
                type="button"
                data-testid={`report-${n}`}
                aria-current={n === name ? 'page' : undefined}
                onClick={() => set({ report: n })}
              >
                {t(`reports.names.${n}`)}
              </button>
            ))}
          </nav>
          {can(reportScheduleRead.code) && (
            <LangLink to="/dashboard/MainReports/Schedules" data-testid="report-schedules-link">
              <Button type="link" block>
                {t('routes.reportSchedules')}
              </Button>
            </LangLink>
          )}
        </Panel>
      </Col>
      <Col xs={24} lg={18}>
        <ReportView name={name} range={range} onRange={(r) => set({ from: r.from, to: r.to })} />
      </Col>
    </Row>
  );
}

function ReportView({
  name,
  range,
  onRange,
}: {
  name: ReportName;
  range: DayRange;
  onRange: (r: DayRange) => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  // A long period is not drawn here: it runs in the background and is downloaded when ready.
  const background = !forward.includes(name) && dayCount(range) > BACKGROUND_RANGE_DAYS;
  const query = useQuery({
    queryKey: ['reports', name, range],
    queryFn: ({ signal }) => reportsApi.get(name, range, signal),
    placeholderData: keepPreviousData,
    enabled: !background,
  });
  const report = query.data?.name === name ? query.data : undefined;
  const chart = report && chartOf(name, report, t, lang);
  const tall = name === 'activity' || name === 'staffActivity';

  return (
    <Flex vertical gap={16}>
      <Panel size="small">
        <Flex justify="space-between" align="center" wrap gap={12}>
          <div>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="report-title">
              {t(`reports.names.${name}`)}
            </Typography.Title>
            <Typography.Text type="secondary">{t(`reports.descriptions.${name}`)}</Typography.Text>
          </div>
          <Flex gap={8} wrap>
            {!forward.includes(name) && <DayRangePicker value={range} onChange={onRange} />}
            {!background && (
              <>
                <ExportButton endpoint={reportEndpoint(name)} query={{ ...range }} name={`report-${name}`} />
                <RunInBackground name={name} range={range} />
              </>
            )}
          </Flex>
        </Flex>
      </Panel>
      <BackgroundRuns />
      {background && (
        <Alert
          type="info"
          showIcon
          data-testid="report-long-range"
          title={t('reports.runs.longRange', { days: BACKGROUND_RANGE_DAYS })}
          action={<RunInBackground name={name} range={range} primary />}
        />
      )}
      {!background && <QueryError query={query} />}
      {!background && report && (
        <Panel size="small" loading={query.isFetching && !report}>
          {report.rows.length === 0 ? (
            <Empty description={t('msg.noRecordsFound')} />
          ) : name === 'tierMigration' ? (
            <TierMatrix report={report} />
          ) : name === 'cohorts' ? (
            <Flex vertical gap={16}>
              <CohortHeatMap report={report} />
              {chart && <Chart label={t('reports.names.cohorts')} description={chart} height={300} />}
            </Flex>
          ) : (
            chart && (
              <Chart
                label={t(`reports.names.${name}`)}
                description={chart}
                height={tall ? Math.max(280, Math.min(report.rows.length, 15) * 28 + 60) : 300}
              />
            )
          )}
        </Panel>
      )}
      {!background && report && name !== 'cohorts' && (
        <ReportTable report={report} loading={query.isFetching} />
      )}
    </Flex>
  );
}

const numeric = new Set([
  'issued',
  'redeemed',
  'expired',
  'outstanding',
  'expiring',
  'entries',
  'pointsIn',
  'pointsOut',
  'customers',
  'received',
  'replied',
  'closed',
  'overdue',
  'actions',
  'succeeded',
  'sentForApproval',
  'denied',
  'failed',
  'signIns',
  'stock',
  'available',
  'redemptions',
  'cancelled',
  'pointsSpent',
]);

function ReportTable({ report, loading }: { report: Report; loading: boolean }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  return (
    <Panel size="small">
      <DataTable
        data-testid="report-table"
        size="small"
        loading={loading}
        rowKey={(_, i) => String(i)}
        pagination={report.rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        dataSource={report.rows}
        columns={readersColumns(report.columns, lang).map(({ key: c, title }) => ({
          key: c,
          dataIndex: c,
          title: t(`reports.columns.${title}`),
          align:
            numeric.has(c) || c === 'firstResponseHours' || c === 'moneyValue' ? ('end' as const) : undefined,
          render: (v: string | number | null) =>
            v === null ? (
              '—'
            ) : c === 'kind' ? (
              t(`reports.kinds.${v}`)
            ) : c === 'channel' ? (
              channelName(t, String(v))
            ) : c === 'status' ? (
              t(`reports.statuses.${v}`, { defaultValue: String(v) })
            ) : c === 'moneyValue' && typeof v === 'number' ? (
              <Ltr>{formatAmount(v)}</Ltr>
            ) : typeof v === 'number' && numeric.has(c) ? (
              <Ltr>{formatPoints(v)}</Ltr>
            ) : (
              String(v)
            ),
        }))}
      />
    </Panel>
  );
}

function TierMatrix({ report }: { report: Report }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const m = tierMatrix(report, lang);
  // The "to" tiers run across the columns: leftwards in Arabic.
  const across = lang === 'ar' ? '←' : '→';
  return (
    <DataTable
      data-testid="tier-matrix"
      size="small"
      bordered
      pagination={false}
      rowKey="from"
      dataSource={m.froms.map((from) => ({ from }))}
      columns={[
        {
          key: 'from',
          dataIndex: 'from',
          title: `${t('reports.columns.fromTier')} ↓ · ${t('reports.columns.toTier')} ${across}`,
        },
        ...m.tos.map((to) => ({
          key: to,
          title: to,
          align: 'end' as const,
          render: (_: unknown, row: { from: string }) => {
            const n = m.count(row.from, to);
            return n ? <Typography.Text strong>{formatPoints(n)}</Typography.Text> : '·';
          },
        })),
      ]}
    />
  );
}

/**
 * The cohort report as a heat map: a row per joining month, a column per month after it, each
 * cell the share still active, shaded by its value ("·" for a month not over yet).
 */
function CohortHeatMap({ report }: { report: Report }) {
  const { t } = useTranslation();
  const months = report.columns.filter((c) => /^m\d+$/.test(c));
  return (
    <DataTable
      data-testid="cohort-heatmap"
      size="small"
      bordered
      pagination={false}
      rowKey={(row) => String(row.cohort)}
      dataSource={report.rows}
      columns={[
        {
          key: 'cohort',
          dataIndex: 'cohort',
          title: t('reports.columns.cohort'),
          render: (v: string) => <Ltr>{v}</Ltr>,
        },
        {
          key: 'customers',
          dataIndex: 'customers',
          title: t('reports.columns.customers'),
          align: 'end' as const,
          render: (v: number) => <Ltr>{formatPoints(v)}</Ltr>,
        },
        ...months.map((m) => ({
          key: m,
          dataIndex: m,
          title: t('reports.columns.monthN', { n: m.slice(1) }),
          align: 'center' as const,
          onCell: (row: Report['rows'][number]) => ({
            style: {
              background: cohortShade(row[m] as number | null),
              color: Number(row[m]) > 55 ? '#fff' : undefined,
              padding: '4px 6px',
            },
          }),
          render: (v: number | null) => (v === null ? '·' : <Ltr>{`${v}%`}</Ltr>),
        })),
      ]}
    />
  );
}
