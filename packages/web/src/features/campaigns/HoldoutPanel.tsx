import type { CampaignHoldoutResult, HoldoutGroup } from '@loyalty/contracts';
import { Col, Row } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { Chart, type ChartDescription } from '../../components/Chart.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { Descriptions } from '../../components/Descriptions.tsx';
import { formatPoints, Ltr, formatAmount as money, pct } from '../../components/format.tsx';
import { Panel } from '../../components/Panel.tsx';
import { Tag } from '../../components/Tag.tsx';
import { Typography } from '../../components/Typography.tsx';
import { useLang } from '../../i18n/lang.ts';

const signed = (v: number) => `${v > 0 ? '+' : ''}${money(v)}`;

/** Both groups' spend per customer by day. Not mirrored in Arabic, like every chart (docs/web.md). */
const dailyChart = (r: CampaignHoldoutResult, treated: string, held: string): ChartDescription => ({
  kind: 'line',
  labels: r.daily.map((d) => d.day),
  series: [
    { name: treated, data: r.daily.map((d) => d.treated) },
    { name: held, data: r.daily.map((d) => d.holdout), dashed: true },
  ],
  format: money,
  axisFormat: formatPoints,
});

/**
 * One campaign's treated customers against its holdout (docs/decisions/campaign-holdouts.md): each
 * group's figures, the difference in spend per customer with its 95 % interval, the incremental
 * spend per bonus point, the verdict, and both groups' daily spend per customer.
 */
export function HoldoutPanel({ result }: { result: CampaignHoldoutResult }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const name = lang === 'ar' ? result.campaignNameAr || result.campaignNameEn : result.campaignNameEn;
  const title = `${t('campaigns.performance.holdout')}: ${name}`;
  const treated = t('campaigns.performance.treated');
  const held = t('campaigns.performance.held', { pct: result.holdoutPct });
  const rows: (HoldoutGroup & { key: string; group: string })[] = [
    { key: 'treated', group: treated, ...result.treated },
    { key: 'holdout', group: held, ...result.holdout },
  ];
  return (
    <Panel size="small" title={title}>
      <Typography.Paragraph type="secondary">
        {t('campaigns.performance.holdoutHelp', { from: result.from, to: result.to })}
      </Typography.Paragraph>
      {/* The table of six columns gets the wider half: at 12 of 24 it scrolled sideways. */}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <DataTable
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={rows}
            columns={[
              { key: 'group', title: t('campaigns.performance.group'), render: (_, r) => r.group },
              {
                key: 'customers',
                title: t('campaigns.performance.customers'),
                render: (_, r) => formatPoints(r.customers),
              },
              {
                key: 'active',
                title: t('campaigns.performance.activeRate'),
                render: (_, r) => <Ltr>{pct(r.activeRate)}</Ltr>,
              },
              {
                key: 'tx',
                title: t('campaigns.performance.transactions'),
                render: (_, r) => formatPoints(r.transactions),
              },
              {
                key: 'spend',
                title: t('campaigns.performance.spendPerCustomer'),
                render: (_, r) => <Ltr>{money(r.spendPerCustomer)}</Ltr>,
              },
              {
                key: 'points',
                title: t('campaigns.performance.pointsPerCustomer'),
                render: (_, r) => <Ltr>{money(r.pointsPerCustomer)}</Ltr>,
              },
            ]}
          />
          <Descriptions size="small" column={1} style={{ marginTop: 16 }}>
            <Descriptions.Item label={t('campaigns.performance.difference')}>
              <Ltr>{signed(result.difference)}</Ltr>
            </Descriptions.Item>
            <Descriptions.Item label={t('campaigns.performance.interval')}>
              {result.low === null || result.high === null ? (
                '—'
              ) : (
                <Trans
                  i18nKey="campaigns.performance.range"
                  components={{
                    low: <Ltr>{signed(result.low)}</Ltr>,
                    high: <Ltr>{signed(result.high)}</Ltr>,
                  }}
                />
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('campaigns.performance.perPoint')}>
              <Ltr>
                {result.incrementalSpendPerPoint === null ? '—' : money(result.incrementalSpendPerPoint)}
              </Ltr>
            </Descriptions.Item>
            <Descriptions.Item label={t('campaigns.performance.verdict')}>
              {result.distinguishable ? (
                <Tag color="green">{t('campaigns.performance.distinguishable')}</Tag>
              ) : (
                <Tag>{t('campaigns.performance.notEnough')}</Tag>
              )}
            </Descriptions.Item>
          </Descriptions>
        </Col>
        <Col xs={24} xl={10}>
          <Chart
            description={dailyChart(result, treated, held)}
            label={`${t('campaigns.performance.daily')}: ${name}`}
            height={280}
          />
        </Col>
      </Row>
    </Panel>
  );
}
