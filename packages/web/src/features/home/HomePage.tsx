import {
  customerResource,
  type Dashboard,
  messageResource,
  tierResource,
  voucherResource,
} from '@loyalty/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Col, Empty, Flex, Row } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Chart, type ChartDescription } from '../../components/Chart.tsx';
import { type DayRange, DayRangePicker, rangePresets } from '../../components/DayRangePicker.tsx';
import { formatAmount, formatPoints } from '../../components/format.tsx';
import { LangLink } from '../../components/LangLink.tsx';
import { localText, useDataLang } from '../../components/localized.tsx';
import { Panel } from '../../components/Panel.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { screenLink, screenUrl } from '../../components/resource.ts';
import { Typography } from '../../components/Typography.tsx';
import { useMe } from '../../state/me.ts';
import { dashboardApi } from './api.ts';
import { change, KpiCard } from './KpiCard.tsx';

const isDay = (s: string | null): s is string => !!s && /^\d{4}-\d{2}-\d{2}$/.test(s);

/** The period in the URL (`?from=&to=`), the last 30 days by default. */
function useRange(): [DayRange, (r: DayRange) => void] {
  const [params, setParams] = useSearchParams();
  const from = params.get('from');
  const to = params.get('to');
  const range = isDay(from) && isDay(to) && from <= to ? { from, to } : rangePresets().last30;
  const set = (r: DayRange) =>
    setParams((prev) => {
      prev.set('from', r.from);
      prev.set('to', r.to);
      return prev;
    });
  return [range, set];
}

const report = (name: string, range: DayRange) =>
  `${screenUrl('MainReports')}?report=${name}&from=${range.from}&to=${range.to}`;

/**
 * The dashboard home (spec §2, label "dashboard"): the programme's figures for a period against the
 * period before it, and its charts. The server answers only the figures the user may see; each
 * card opens the screen or report behind it.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const lang = useDataLang();
  const { data: me } = useMe();
  const [range, setRange] = useRange();
  const query = useQuery({
    queryKey: ['dashboard', range],
    queryFn: ({ signal }) => dashboardApi.get(range, signal),
    placeholderData: keepPreviousData,
  });
  const d = query.data;

  return (
    <Flex vertical gap={16}>
      <Panel size="small">
        <Flex justify="space-between" align="center" wrap gap={12}>
          <div>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {/* The name is data, in whatever script it was written: kept apart from the words. */}
              <Trans
                i18nKey="home.welcome"
                values={{ name: me ? localText(me.fullName, me.fullNameAr, lang) : '' }}
                components={{ name: <bdi translate="no" /> }}
              />
            </Typography.Title>
            <Typography.Text type="secondary">{t('dashboard.subtitle')}</Typography.Text>
          </div>
          <DayRangePicker value={range} onChange={setRange} />
        </Flex>
      </Panel>
      <QueryError query={query} />
      {d && <Figures d={d} range={range} />}
      {d && <Charts d={d} />}
    </Flex>
  );
}

function Figures({ d, range }: { d: Dashboard; range: DayRange }) {
  const { t } = useTranslation();
  const p = d.points;
  const cards = [
    p && (
      <KpiCard
        id="active"
        title={t('dashboard.kpi.activeCustomers')}
        value={formatPoints(p.activeCustomers.value)}
        previous={change(p.activeCustomers.value, p.activeCustomers.previous)}
        note={t('dashboard.kpi.activeNote')}
        to={screenLink(customerResource, 'list')}
      />
    ),
    p && (
      <KpiCard
        id="outstanding"
        title={t('dashboard.kpi.outstanding')}
        value={formatPoints(p.outstanding.value)}
        previous={change(p.outstanding.value, p.outstanding.previous)}
        better="neutral"
        note={t('dashboard.kpi.outstandingValue', {
          value: formatAmount(p.outstandingValue.value),
          currency: t(`dashboard.currency.${p.currency}`, { defaultValue: p.currency }),
        })}
        to={report('liability', range)}
      />
    ),
    p && (
      <KpiCard
        id="issued"
        title={t('dashboard.kpi.issued')}
        value={formatPoints(p.issued.value)}
        previous={change(p.issued.value, p.issued.previous)}
        to={report('activity', range)}
      />
    ),
    p && (
      <KpiCard
        id="redeemed"
        title={t('dashboard.kpi.redeemed')}
        value={formatPoints(p.redeemed.value)}
        previous={change(p.redeemed.value, p.redeemed.previous)}
        to={report('activity', range)}
      />
    ),
    p && (
      <KpiCard
        id="expired"
        title={t('dashboard.kpi.expired')}
        value={formatPoints(p.expired.value)}
        previous={change(p.expired.value, p.expired.previous)}
        better="down"
        to={report('liability', range)}
      />
    ),
    p && (
      <KpiCard
        id="rate"
        title={t('dashboard.kpi.redemptionRate')}
        value={p.redemptionRate.value === null ? '—' : p.redemptionRate.value.toFixed(1)}
        suffix={p.redemptionRate.value === null ? undefined : '%'}
        previous={change(p.redemptionRate.value, p.redemptionRate.previous)}
        note={t('dashboard.kpi.rateNote')}
        to={report('activity', range)}
      />
    ),
    <KpiCard
      key="approvals"
      id="approvals"
      title={t('dashboard.kpi.approvals')}
      value={formatPoints(d.approvals.inbox)}
      note={t('dashboard.kpi.approvalsNote', { count: d.approvals.mine })}
      to={screenUrl('Approvals')}
    />,
    d.messages && (
      <KpiCard
        id="messages"
        title={t('dashboard.kpi.openMessages')}
        value={formatPoints(d.messages.open)}
        note={t('dashboard.kpi.messagesNote', {
          overdue: d.messages.overdue,
          unassigned: d.messages.unassigned,
        })}
        to={`${screenLink(messageResource, 'list')}?overdue=true`}
      />
    ),
  ].filter(Boolean);
  return (
    <Row gutter={[16, 16]}>
      {cards.map((card, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of cards, in a fixed order
        <Col key={i} xs={24} sm={12} lg={6}>
          {card}
        </Col>
      ))}
    </Row>
  );
}

/** One chart of the dashboard in its box: its title, the screen it opens, "no records" when empty. */
function ChartCard({
  title,
  lg,
  open,
  empty = false,
  height,
  description,
  testId,
}: {
  title: string;
  lg: number;
  open?: string;
  empty?: boolean;
  height?: number;
  description: ChartDescription;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Col xs={24} lg={lg}>
      <Panel
        size="small"
        data-testid={testId}
        title={title}
        extra={open && <LangLink to={open}>{t('dashboard.open')}</LangLink>}
      >
        {empty ? (
          <Empty description={t('msg.noRecordsFound')} />
        ) : (
          <Chart label={title} height={height} description={description} />
        )}
      </Panel>
    </Col>
  );
}

function Charts({ d }: { d: Dashboard }) {
  const { t } = useTranslation();
  const lang = useDataLang();
  const tierName = (tier: { name: string | null; nameAr?: string | null }) =>
    tier.name === null ? t('dashboard.noTier') : localText(tier.name, tier.nameAr, lang);
  const p = d.points;
  return (
    <Row gutter={[16, 16]}>
      {p && (
        <ChartCard
          title={t('dashboard.charts.activity')}
          lg={16}
          empty={p.series.length === 0}
          description={{
            kind: 'bar',
            labels: p.series.map((s) => s.start),
            series: [
              { name: t('dashboard.kpi.issued'), data: p.series.map((s) => s.issued) },
              { name: t('dashboard.kpi.redeemed'), data: p.series.map((s) => s.redeemed) },
              {
                name: t('dashboard.kpi.expired'),
                type: 'line',
                smooth: true,
                data: p.series.map((s) => s.expired),
              },
            ],
          }}
        />
      )}
      {d.tiers && (
        <ChartCard
          title={t('dashboard.charts.tiers')}
          lg={8}
          open={screenLink(tierResource, 'list')}
          description={{
            kind: 'doughnut',
            labels: d.tiers.map(tierName),
            series: [{ name: t('dashboard.charts.tiers'), data: d.tiers.map((tier) => tier.customers) }],
            legend: 'bottom',
          }}
        />
      )}
      {p && (
        <ChartCard
          title={t('dashboard.charts.channels')}
          lg={12}
          testId="dashboard-channels"
          open={report('activity', d.period)}
          empty={p.channels.length === 0}
          height={240}
          description={{
            kind: 'doughnut',
            labels: p.channels.map((c) =>
              c.channel ? t(`channels.${c.channel}`, c.channel) : t('dashboard.charts.backOffice'),
            ),
            series: [{ name: t('dashboard.kpi.issued'), data: p.channels.map((c) => c.points) }],
            legend: 'bottom',
          }}
        />
      )}
      {d.topRewards && (
        <ChartCard
          title={t('dashboard.charts.topRewards')}
          lg={12}
          open={screenLink(voucherResource, 'list')}
          empty={d.topRewards.length === 0}
          height={240}
          description={{
            kind: 'bar',
            horizontal: true,
            labels: d.topRewards.map((r) => localText(r.name, r.nameAr, lang)),
            series: [
              { name: t('dashboard.charts.redemptions'), data: d.topRewards.map((r) => r.redemptions) },
            ],
            x: { integer: true },
            legend: 'none',
          }}
        />
      )}
    </Row>
  );
}
