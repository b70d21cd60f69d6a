import type { Replay, ReplayableCommand, ReplayBreakdown } from '@loyalty/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { Alert } from '../../components/Alert.tsx';
import { Chart } from '../../components/Chart.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { type DayRange, DayRangePicker, rangePresets } from '../../components/DayRangePicker.tsx';
import { formatAmount, formatPoints, Ltr, ltrText } from '../../components/format.tsx';
import { Progress } from '../../components/Progress.tsx';
import { Statistic } from '../../components/Statistic.tsx';
import { Typography } from '../../components/Typography.tsx';
import { useLang } from '../../i18n/lang.ts';
import { useCan } from '../../state/me.ts';
import { replaysApi } from './api.ts';
import { ReplayShare } from './ReplayShare.tsx';

const working = (r: Replay | undefined) => !r || r.status === 'QUEUED' || r.status === 'RUNNING';
const signed = (n: number) => (n > 0 ? `+${formatPoints(n)}` : formatPoints(n));

/**
 * "What would this have cost?": a period (the last 90 days by default), and the change replayed
 * over the programme's earnings of it (a background job, followed every second): the totals, a
 * chart by day and the breakdowns by tier, transaction type and channel.
 */
export default function ReplayPanel({
  command,
  id,
  input,
}: {
  command: ReplayableCommand;
  id?: number | undefined;
  /** The body the change would send (read when asked). */
  input: () => unknown;
}) {
  const { t } = useTranslation();
  const can = useCan();
  const [range, setRange] = useState<DayRange>(rangePresets().last90);
  const [replayId, setReplayId] = useState<number>();
  const start = useMutation({
    mutationFn: () => replaysApi.start({ command, id, input: input(), ...range }),
    onSuccess: (res) => {
      if (res.kind === 'applied') setReplayId(res.data.id);
    },
  });
  const replay = useQuery({
    queryKey: ['replays', replayId],
    queryFn: ({ signal }) => replaysApi.get(replayId as number, signal),
    enabled: replayId !== undefined,
    refetchInterval: (q) => (working(q.state.data) ? 1000 : false),
  });
  if (!can('replay.start')) return null;
  const r = replay.data;
  const failed = start.error ?? replay.error;
  return (
    <Flex vertical gap={16} data-testid="replay">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('replays.intro')}
      </Typography.Paragraph>
      <Flex gap={8} wrap align="center">
        <DayRangePicker value={range} onChange={setRange} />
        <Button
          type="primary"
          loading={start.isPending}
          onClick={() => start.mutate()}
          data-testid="replay-start"
        >
          {t('replays.start')}
        </Button>
      </Flex>
      {failed && (
        <Alert
          type="error"
          showIcon
          title={t('replays.failed')}
          description={failed instanceof ApiError ? t(`error.${failed.code}`) : undefined}
        />
      )}
      {replayId !== undefined && working(r) && (
        <Progress percent={r?.progress ?? 0} aria-label={t('replays.running')} />
      )}
      {r?.status === 'FAILED' && (
        <Alert type="error" showIcon title={t('replays.failed')} description={r.error} />
      )}
      {r?.status === 'DONE' && <ReplayFigures replay={r} />}
    </Flex>
  );
}

/** A finished replay's figures. */
export function ReplayFigures({ replay: r }: { replay: Replay }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const totals = r.totals;
  if (!totals) return null;
  const days = r.byDay ?? [];
  const exact = r.exactness;
  const money = r.liabilityChange?.money ?? 0;
  return (
    <Flex vertical gap={16} data-testid="replay-figures">
      <Flex gap={32} wrap>
        <Statistic title={t('replays.pointsBefore')} value={totals.pointsBefore} />
        <Statistic title={t('replays.pointsAfter')} value={totals.pointsAfter} />
        <Statistic
          title={t('replays.difference')}
          value={ltrText(signed(totals.difference))}
          data-testid="replay-difference"
        />
        <Statistic title={t('replays.customersAffected')} value={totals.customersAffected} />
        <Statistic title={t('replays.liabilityChange')} value={formatAmount(money)} />
      </Flex>
      <ReplayShare replay={r} />
      <Typography.Text type="secondary">
        {t('replays.period', { from: r.from, to: r.to, earnings: formatPoints(totals.earnings) })}
      </Typography.Text>
      {!!exact?.prunedEntries && (
        <Typography.Text type="secondary" data-testid="replay-pruned">
          {t('replays.pruned', { count: exact.prunedEntries, formatted: formatPoints(exact.prunedEntries) })}
        </Typography.Text>
      )}
      {exact && (exact.mismatchedEntries > 0 || exact.bonusKeptEntries > 0) && (
        <Alert
          type="warning"
          showIcon
          title={t('replays.inexact')}
          description={
            <>
              {exact.mismatchedEntries > 0 && (
                <div>
                  {t('replays.mismatched', {
                    count: exact.mismatchedEntries,
                    formatted: formatPoints(exact.mismatchedEntries),
                    points: signed(exact.mismatchedPoints),
                  })}
                </div>
              )}
              {exact.bonusKeptEntries > 0 && (
                <div>
                  {t('replays.bonusKept', {
                    count: exact.bonusKeptEntries,
                    formatted: formatPoints(exact.bonusKeptEntries),
                    points: formatPoints(exact.bonusKeptPoints),
                  })}
                </div>
              )}
            </>
          }
        />
      )}
      {r.campaign && <CampaignFigures campaign={r.campaign} />}
      {r.tierMoves && (r.command === 'tier.update' || r.tierMoves.up + r.tierMoves.down > 0) && (
        <TierMoves moves={r.tierMoves} />
      )}
      <Chart
        label={t('replays.chart')}
        height={240}
        description={{
          kind: 'line',
          labels: days.map((d) => d.key),
          series: [
            { name: t('replays.pointsBefore'), data: days.map((d) => d.pointsBefore) },
            { name: t('replays.pointsAfter'), data: days.map((d) => d.pointsAfter) },
            { name: t('replays.difference'), data: days.map((d) => d.difference), type: 'bar' },
          ],
        }}
      />
      <Breakdown
        title={t('replays.byTier')}
        rows={r.byTier ?? []}
        label={(row) => (lang === 'ar' && row.nameAr ? row.nameAr : row.name) ?? t('replays.noTier')}
        testId="replay-by-tier"
      />
      <Breakdown
        title={t('replays.byTransactionType')}
        rows={r.byTransactionType ?? []}
        label={(row) => (lang === 'ar' && row.nameAr ? row.nameAr : row.name) ?? row.key}
        testId="replay-by-type"
      />
      <Breakdown
        title={t('replays.byChannel')}
        rows={r.byChannel ?? []}
        label={(row) => (row.key ? row.key : t('replays.noChannel'))}
        testId="replay-by-channel"
      />
      <Breakdown
        title={t('replays.byExpiryMonth')}
        rows={r.byExpiryMonth ?? []}
        label={(row) => (row.key ? ltrText(row.key) : t('replays.noExpiry'))}
        testId="replay-by-expiry"
      />
    </Flex>
  );
}

/** A campaign's replay: what it would have paid, its budget burnt day by day, the day it runs out. */
function CampaignFigures({ campaign: c }: { campaign: NonNullable<Replay['campaign']> }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16} data-testid="replay-campaign">
      <Typography.Text strong>{t('replays.campaign.title')}</Typography.Text>
      <Typography.Text type="secondary">{t('replays.campaign.intro')}</Typography.Text>
      <Flex gap={32} wrap>
        <Statistic title={t('replays.campaign.budget')} value={c.budget} />
        <Statistic title={t('replays.campaign.bonusPaid')} value={c.bonusPaid} />
        <Statistic title={t('replays.campaign.bonusWanted')} value={c.bonusWanted} />
        <Statistic title={t('replays.campaign.customersReached')} value={c.customersReached} />
        <Statistic
          title={t('replays.campaign.runOutDay')}
          value={c.runOutDay ? ltrText(c.runOutDay) : t('replays.campaign.lasts')}
          data-testid="replay-run-out"
        />
      </Flex>
      <Chart
        label={t('replays.campaign.chart')}
        height={200}
        description={{
          kind: 'line',
          labels: c.byDay.map((d) => d.day),
          series: [
            { name: t('replays.campaign.bonusPaid'), data: c.byDay.map((d) => d.bonus), type: 'bar' },
            { name: t('replays.campaign.spent'), data: c.byDay.map((d) => d.spent) },
          ],
        }}
      />
    </Flex>
  );
}

type Move = NonNullable<Replay['tierMoves']>['sample'][number];

/**
 * The customers a change would move up or down today (a tier change's thresholds; a rule's or a
 * campaign's points), and a sample of them. A rule or campaign that moves no one shows nothing.
 */
function TierMoves({ moves }: { moves: NonNullable<Replay['tierMoves']> }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const tier = (x: Move['from']) => (lang === 'ar' && x.nameAr ? x.nameAr : x.name) ?? t('replays.noTier');
  return (
    <Flex vertical gap={16} data-testid="replay-tier-moves">
      <Flex gap={32} wrap>
        <Statistic title={t('replays.moves.up')} value={moves.up} />
        <Statistic title={t('replays.moves.down')} value={moves.down} />
      </Flex>
      <DataTable<Move>
        title={() => <Typography.Text strong>{t('replays.moves.sample')}</Typography.Text>}
        size="small"
        rowKey="customerNumber"
        pagination={false}
        dataSource={moves.sample}
        columns={[
          {
            key: 'customer',
            title: t('replays.moves.customer'),
            render: (_: never, m: Move) => (
              <>
                <Ltr>{m.customerNumber}</Ltr> {lang === 'ar' && m.fullNameAr ? m.fullNameAr : m.fullName}
              </>
            ),
          },
          {
            dataIndex: 'qualifyingPoints',
            title: t('replays.moves.points'),
            align: 'end',
            render: (v: number) => <Ltr>{formatPoints(v)}</Ltr>,
          },
          { key: 'from', title: t('replays.moves.from'), render: (_: never, m: Move) => tier(m.from) },
          { key: 'to', title: t('replays.moves.to'), render: (_: never, m: Move) => tier(m.to) },
        ]}
      />
    </Flex>
  );
}

type Row = ReplayBreakdown[number];

function Breakdown({
  title,
  rows,
  label,
  testId,
}: {
  title: string;
  rows: ReplayBreakdown;
  label: (row: Row) => string;
  testId: string;
}) {
  const { t } = useTranslation();
  const points = (v: number) => <Ltr>{formatPoints(v)}</Ltr>;
  return (
    <DataTable<Row>
      title={() => <Typography.Text strong>{title}</Typography.Text>}
      size="small"
      rowKey="key"
      pagination={false}
      dataSource={rows}
      data-testid={testId}
      columns={[
        { key: 'key', title, render: (_: never, row: Row) => label(row) },
        { dataIndex: 'earnings', title: t('replays.earnings'), align: 'end', render: points },
        { dataIndex: 'pointsBefore', title: t('replays.pointsBefore'), align: 'end', render: points },
        { dataIndex: 'pointsAfter', title: t('replays.pointsAfter'), align: 'end', render: points },
        {
          dataIndex: 'difference',
          title: t('replays.difference'),
          align: 'end',
          render: (v: number) => <Ltr>{signed(v)}</Ltr>,
        },
      ]}
    />
  );
}
