import type { CampaignPerformance } from '@loyalty/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Col, Empty, Flex, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Chart, type ChartDescription } from '../../components/Chart.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { type DayRange, DayRangePicker, rangePresets } from '../../components/DayRangePicker.tsx';
import { formatPoints, Ltr, formatAmount as money } from '../../components/format.tsx';
import { Panel } from '../../components/Panel.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { Typography } from '../../components/Typography.tsx';
import { useLang } from '../../i18n/lang.ts';
import { campaignsApi } from './api.ts';
import { HoldoutPanel } from './HoldoutPanel.tsx';

const isDay = (s: string | null): s is string => !!s && /^\d{4}-\d{2}-\d{2}$/.test(s);

/**
 * The budget burn: each campaign's cumulative bonus points by day, as % of its budget. Not mirrored
 * in Arabic, like every chart (docs/web.md): time runs left to right.
 */
function burnChart(report: CampaignPerformance, lang: 'en' | 'ar'): ChartDescription {
  const days = [...new Set(report.burn.map((b) => b.day))].sort();
  const campaigns = report.uplift.length
    ? report.uplift
    : [...new Map(report.byProduct.map((p) => [p.campaignId, { ...p, budget: 0 }])).values()];
  return {
    kind: 'line',
    labels: days,
    series: campaigns.map((c) => {
      let last = 0;
      const byDay = new Map(
        report.burn.filter((b) => b.campaignId === c.campaignId).map((b) => [b.day, b.spent]),
      );
      return {
        name: lang === 'ar' ? c.campaignNameAr : c.campaignNameEn,
        step: true,
        data: days.map((d) => {
          last = byDay.get(d) ?? last;
          return last;
        }),
      };
    }),
  };
}

/**
 * `matrix/filterbyproduct`: for a period, per transaction type and campaign, the points issued,
 * transactions, distinct customers and spend; the budget burn over time; and the uplift: the
 * same customers' activity against the period of equal length before; and, per campaign with a
 * holdout, its treated customers against the held-out ones (HoldoutPanel).
 */
export default function PerformancePage() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const [params, setParams] = useSearchParams();
  const from = params.get('from');
  const to = params.get('to');
  const range: DayRange = isDay(from) && isDay(to) && from <= to ? { from, to } : rangePresets().last30;
  const query = useQuery({
    queryKey: ['campaigns', 'performance', range],
    queryFn: ({ signal }) => campaignsApi.performance(range, signal),
    placeholderData: keepPreviousData,
  });
  const name = (r: { campaignNameEn: string; campaignNameAr: string }) =>
    lang === 'ar' ? r.campaignNameAr || r.campaignNameEn : r.campaignNameEn;
  const report = query.data;
  return (
    <Flex vertical gap={16}>
      <Panel size="small">
        <Flex gap={16} align="center" wrap>
          <Typography.Text strong>{t('campaigns.performance.period')}</Typography.Text>
          <DayRangePicker
            value={range}
            onChange={(r) =>
              setParams((prev) => {
                prev.set('from', r.from);
                prev.set('to', r.to);
                return prev;
              })
            }
          />
        </Flex>
      </Panel>
      {query.isError && <QueryError query={query} />}
      {report && !report.byProduct.length && <Empty description={t('campaigns.performance.none')} />}
      {report && report.byProduct.length > 0 && (
        <Row gutter={[16, 16]}>
          <Col xs={24}>
            <Panel size="small" title={t('campaigns.performance.byProduct')}>
              <DataTable
                size="small"
                rowKey={(r) => `${r.transactionTypeId}-${r.campaignId}`}
                pagination={false}
                dataSource={report.byProduct}
                columns={[
                  {
                    key: 'type',
                    title: t('campaigns.performance.product'),
                    render: (_, r) => (lang === 'ar' ? r.typeNameAr : r.typeNameEn),
                  },
                  {
                    key: 'campaign',
                    title: t('campaigns.performance.campaign'),
                    render: (_, r) => name(r),
                  },
                  {
                    key: 'points',
                    title: t('campaigns.performance.pointsIssued'),
                    render: (_, r) => <Ltr>{formatPoints(r.pointsIssued)}</Ltr>,
                  },
                  {
                    key: 'bonus',
                    title: t('campaigns.performance.bonusPoints'),
                    render: (_, r) => <Ltr>{formatPoints(r.bonusPoints)}</Ltr>,
                  },
                  {
                    key: 'tx',
                    title: t('campaigns.performance.transactions'),
                    render: (_, r) => formatPoints(r.transactions),
                  },
                  {
                    key: 'customers',
                    title: t('campaigns.performance.customers'),
                    render: (_, r) => formatPoints(r.customers),
                  },
                  {
                    key: 'spend',
                    title: t('campaigns.performance.spend'),
                    render: (_, r) => <Ltr>{money(r.spend)}</Ltr>,
                  },
                ]}
              />
            </Panel>
          </Col>
          {/* Side by side only on the widest screens: beside the chart, the uplift's five columns
              left the campaign's name a word a line. */}
          <Col xs={24} xxl={12}>
            <Panel size="small" title={t('campaigns.performance.burn')}>
              <Chart
                description={burnChart(report, lang)}
                label={t('campaigns.performance.burn')}
                height={300}
              />
            </Panel>
          </Col>
          <Col xs={24} xxl={12}>
            <Panel size="small" title={t('campaigns.performance.uplift')}>
              <Typography.Paragraph type="secondary">
                {t('campaigns.performance.upliftHelp')}
              </Typography.Paragraph>
              <DataTable
                size="small"
                rowKey="campaignId"
                pagination={false}
                dataSource={report.uplift}
                columns={[
                  {
                    key: 'campaign',
                    title: t('campaigns.performance.campaign'),
                    render: (_, r) => name(r),
                  },
                  {
                    key: 'customers',
                    title: t('campaigns.performance.customers'),
                    render: (_, r) => formatPoints(r.customers),
                  },
                  {
                    key: 'tx',
                    title: t('campaigns.performance.transactionsVs'),
                    render: (_, r) => (
                      <Ltr>
                        {formatPoints(r.transactions)} / {formatPoints(r.transactionsBefore)}
                      </Ltr>
                    ),
                  },
                  {
                    key: 'spend',
                    title: t('campaigns.performance.spendVs'),
                    // Now over before, one a line: both on one line pushed the campaign's name to a word a line.
                    render: (_, r) => (
                      <>
                        <Ltr>{money(r.spend)}</Ltr>
                        <br />
                        <Typography.Text type="secondary">
                          <Ltr>{money(r.spendBefore)}</Ltr>
                        </Typography.Text>
                      </>
                    ),
                  },
                  {
                    key: 'uplift',
                    title: t('campaigns.performance.upliftPct'),
                    render: (_, r) => (
                      <Ltr>{r.upliftPct === null ? '—' : `${r.upliftPct > 0 ? '+' : ''}${r.upliftPct}%`}</Ltr>
                    ),
                  },
                ]}
              />
            </Panel>
          </Col>
        </Row>
      )}
      {report?.holdout.map((r) => (
        <HoldoutPanel key={r.campaignId} result={r} />
      ))}
    </Flex>
  );
}
