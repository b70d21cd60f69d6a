import type { ReferralCost } from '@loyalty/contracts';
import { useQuery } from '@tanstack/react-query';
import { Col, Empty, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiGet } from '../../api/typed.ts';
import { Chart, type ChartDescription } from '../../components/Chart.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { formatPoints, Ltr } from '../../components/format.tsx';
import { Panel } from '../../components/Panel.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { Typography } from '../../components/Typography.tsx';
import { useLang } from '../../i18n/lang.ts';

/**
 * Cost per acquired customer by month, a line per programme. Not mirrored in Arabic, like every
 * chart (docs/web.md): time runs left to right.
 */
function costChart(report: ReferralCost, lang: 'en' | 'ar'): ChartDescription {
  const months = [...new Set(report.items.map((i) => i.month))].sort();
  const programmes = [...new Map(report.items.map((i) => [i.programmeId, i])).values()];
  return {
    kind: 'bar',
    labels: months,
    series: programmes.map((p) => {
      const byMonth = new Map(
        report.items.filter((i) => i.programmeId === p.programmeId).map((i) => [i.month, i.costPerCustomer]),
      );
      return { name: lang === 'ar' ? p.nameAr : p.nameEn, data: months.map((m) => byMonth.get(m) ?? null) };
    }),
  };
}

/** `referrals/cost`: what an acquired customer costs in points, per programme and month (12 months). */
export default function CostPage() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const query = useQuery({
    queryKey: ['referrals', 'cost'],
    queryFn: ({ signal }): Promise<ReferralCost> => apiGet('/api/admin/referrals/cost', { signal }),
  });
  if (query.isError) return <QueryError query={query} />;
  const report = query.data;
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Typography.Paragraph type="secondary">{t('referrals.cost.help')}</Typography.Paragraph>
      </Col>
      <Col xs={24} lg={12}>
        <Panel size="small" title={t('referrals.cost.chart')}>
          {report?.items.length ? (
            <Chart description={costChart(report, lang)} label={t('referrals.cost.chart')} height={300} />
          ) : (
            <Empty description={t('referrals.cost.none')} />
          )}
        </Panel>
      </Col>
      <Col xs={24} lg={12}>
        <Panel size="small" title={t('referrals.cost.table')}>
          <DataTable
            size="small"
            rowKey={(r) => `${r.programmeId}-${r.month}`}
            pagination={false}
            loading={query.isPending}
            dataSource={report?.items ?? []}
            columns={[
              { key: 'month', title: t('referrals.cost.month'), render: (_, r) => <Ltr>{r.month}</Ltr> },
              {
                key: 'programme',
                title: t('referrals.fields.programme'),
                render: (_, r) => (lang === 'ar' ? r.nameAr : r.nameEn),
              },
              {
                key: 'acquired',
                title: t('referrals.cost.acquired'),
                render: (_, r) => formatPoints(r.acquired),
              },
              {
                key: 'points',
                title: t('referrals.cost.points'),
                render: (_, r) => formatPoints(r.points),
              },
              {
                key: 'cost',
                title: t('referrals.cost.perCustomer'),
                render: (_, r) => formatPoints(r.costPerCustomer),
              },
            ]}
          />
        </Panel>
      </Col>
    </Row>
  );
}
