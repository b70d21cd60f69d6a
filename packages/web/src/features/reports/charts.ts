import type { Report, ReportName } from '@loyalty/contracts';
import type { TFunction } from 'i18next';

type Option = Record<string, unknown>;

/** A posting channel in words; '' is the back office and the system's own jobs. */
export const channelName = (t: TFunction, channel: string) =>
  channel ? t(`channels.${channel}`, { defaultValue: channel }) : t('reports.noChannel');
const col = (r: Report, key: string) => r.rows.map((row) => row[key] ?? 0);
const grid = { left: 8, right: 16, bottom: 8, top: 40, containLabel: true };

/** The chart of a report, from its rows; none for the tier matrix (drawn as a table). */
export function chartOf(name: ReportName, r: Report, t: TFunction, lang: 'en' | 'ar'): Option | undefined {
  const label = (key: string) => t(`reports.columns.${key}`);
  const bars = (x: unknown[], keys: string[], horizontal = false): Option => ({
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid,
    xAxis: horizontal ? { type: 'value' } : { type: 'category', data: x },
    yAxis: horizontal ? { type: 'category', data: x, inverse: true } : { type: 'value' },
    series: keys.map((k) => ({ name: label(k), type: 'bar', data: col(r, k) })),
  });
  switch (name) {
    case 'liability':
      return {
        tooltip: { trigger: 'axis' },
        legend: { top: 0 },
        grid,
        xAxis: { type: 'category', data: col(r, 'period') },
        yAxis: [{ type: 'value' }, { type: 'value' }],
        series: [
          ...['issued', 'redeemed', 'expired'].map((k) => ({ name: label(k), type: 'bar', data: col(r, k) })),
          {
            name: label('outstanding'),
            type: 'line',
            yAxisIndex: 1,
            smooth: true,
            data: col(r, 'outstanding'),
          },
        ],
      };
    case 'expiryForecast':
      return bars(col(r, 'month'), ['expiring']);
    case 'activity':
      return bars(
        r.rows.map(
          (row) =>
            `${row.transactionType} · ${channelName(t, String(row.channel))} · ${t(`reports.kinds.${row.kind}`)}`,
        ),
        ['pointsIn', 'pointsOut'],
        true,
      );
    case 'serviceDesk':
      return bars(col(r, lang === 'ar' ? 'categoryAr' : 'categoryEn'), ['received', 'replied', 'overdue']);
    case 'staffActivity':
      return bars(col(r, 'user').slice(0, 15), ['succeeded', 'sentForApproval', 'denied', 'failed'], true);
    case 'vouchers': {
      // The 15 most redeemed, named in the reader's language.
      const top = { ...r, rows: r.rows.slice(0, 15) };
      return {
        ...bars(col(top, lang === 'ar' ? 'voucherAr' : 'voucher'), ['redemptions'], true),
        series: [
          { name: label('redemptions'), type: 'bar', data: col(top, 'redemptions') },
          { name: label('cancelled'), type: 'bar', data: col(top, 'cancelled') },
        ],
      };
    }
    case 'cohorts': {
      // One retention curve per joining month: the share active N months after joining.
      const months = r.columns.filter((c) => /^m\d+$/.test(c));
      return {
        tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => (v === null ? '—' : `${v}%`) },
        legend: { top: 0, type: 'scroll' },
        grid: { ...grid, top: 48 },
        xAxis: { type: 'category', data: months.map((m) => t('reports.columns.monthN', { n: m.slice(1) })) },
        yAxis: { type: 'value', max: 100, axisLabel: { formatter: '{value}%' } },
        series: r.rows.map((row) => ({
          name: String(row.cohort),
          type: 'line',
          connectNulls: false,
          data: months.map((m) => row[m] ?? null),
        })),
      };
    }
    default:
      return undefined;
  }
}

/**
 * The tier migration matrix: from-tier rows × to-tier columns, customers summed over the period,
 * the tiers named in the screen's language.
 */
export function tierMatrix(r: Report, lang: 'en' | 'ar') {
  const [fromCol, toCol] = lang === 'ar' ? ['fromTierAr', 'toTierAr'] : ['fromTier', 'toTier'];
  const froms = [...new Set(r.rows.map((row) => String(row[fromCol])))];
  const tos = [...new Set(r.rows.map((row) => String(row[toCol])))];
  const cell = new Map<string, number>();
  for (const row of r.rows) {
    const key = `${row[fromCol]}→${row[toCol]}`;
    cell.set(key, (cell.get(key) ?? 0) + Number(row.customers ?? 0));
  }
  return { froms, tos, count: (from: string, to: string) => cell.get(`${from}→${to}`) ?? 0 };
}

/** The background of a cohort cell: deeper blue for a larger share; none for a month not over yet. */
export function cohortShade(share: number | null): string | undefined {
  if (share === null || share === undefined) return undefined;
  const alpha = Math.min(1, Math.max(0.06, share / 100));
  return `rgba(22, 119, 255, ${alpha.toFixed(2)})`;
}
