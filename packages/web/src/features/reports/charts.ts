import type { Report, ReportName } from '@loyalty/contracts';
import type { TFunction } from 'i18next';
import type { ChartDescription } from '../../components/Chart.tsx';

/** A posting channel in words; '' is the back office and the system's own jobs. */
export const channelName = (t: TFunction, channel: string) =>
  channel ? t(`channels.${channel}`, { defaultValue: channel }) : t('reports.noChannel');
const text = (r: Report, key: string) => r.rows.map((row) => String(row[key] ?? ''));
const numbers = (r: Report, key: string) => r.rows.map((row) => Number(row[key] ?? 0));
/**
 * The columns a screen shows of a report: of a name given in both languages (`voucher` and
 * `voucherAr`, `categoryEn` and `categoryAr`) only the reader's, under the plain title (`voucher`,
 * `category`); the export keeps both.
 */
export function readersColumns(columns: string[], lang: 'en' | 'ar'): { key: string; title: string }[] {
  const twins = new Map<string, { en: string; ar: string }>();
  for (const c of columns) {
    if (!c.endsWith('Ar')) continue;
    const base = c.slice(0, -2);
    const en = columns.find((x) => x === base || x === `${base}En`);
    if (en) twins.set(base, { en, ar: c });
  }
  const shown = new Map([...twins].map(([base, pair]) => [lang === 'ar' ? pair.ar : pair.en, base]));
  const hidden = new Set([...twins.values()].map((pair) => (lang === 'ar' ? pair.en : pair.ar)));
  return columns.filter((c) => !hidden.has(c)).map((c) => ({ key: c, title: shown.get(c) ?? c }));
}

/** The first 15 rows: a longer list of bars is not readable (the table has them all). */
const top15 = (r: Report) => ({ ...r, rows: r.rows.slice(0, 15) });

/** The chart of a report, from its rows; none for the tier matrix (drawn as a table). */
export function chartOf(
  name: ReportName,
  r: Report,
  t: TFunction,
  lang: 'en' | 'ar',
): ChartDescription | undefined {
  const series = (of: Report, key: string) => ({ name: t(`reports.columns.${key}`), data: numbers(of, key) });
  // Across the chart (horizontal) for long labels.
  const bars = (of: Report, labels: string[], keys: string[], horizontal = false): ChartDescription => ({
    kind: 'bar',
    horizontal,
    labels,
    series: keys.map((k) => series(of, k)),
  });
  switch (name) {
    case 'liability':
      return {
        kind: 'bar',
        labels: text(r, 'period'),
        series: [
          ...['issued', 'redeemed', 'expired'].map((k) => series(r, k)),
          { ...series(r, 'outstanding'), type: 'line', axis: 'right', smooth: true },
        ],
      };
    case 'expiryForecast':
      return bars(r, text(r, 'month'), ['expiring']);
    case 'activity':
      return bars(
        r,
        r.rows.map(
          (row) =>
            `${lang === 'ar' ? row.transactionTypeAr : row.transactionType} · ${channelName(t, String(row.channel))} · ${t(`reports.kinds.${row.kind}`)}`,
        ),
        ['pointsIn', 'pointsOut'],
        true,
      );
    case 'serviceDesk':
      return bars(r, text(r, lang === 'ar' ? 'categoryAr' : 'categoryEn'), [
        'received',
        'replied',
        'overdue',
      ]);
    case 'staffActivity': {
      const top = top15(r);
      return bars(top, text(top, 'user'), ['succeeded', 'sentForApproval', 'denied', 'failed'], true);
    }
    case 'vouchers': {
      // The most redeemed, named in the reader's language.
      const top = top15(r);
      return bars(
        top,
        text(top, lang === 'ar' ? 'voucherAr' : 'voucher'),
        ['redemptions', 'cancelled'],
        true,
      );
    }
    case 'cohorts': {
      // One retention curve per joining month: the share active N months after joining.
      const months = r.columns.filter((c) => /^m\d+$/.test(c));
      return {
        kind: 'line',
        labels: months.map((m) => t('reports.columns.monthN', { n: m.slice(1) })),
        series: r.rows.map((row) => ({
          name: String(row.cohort),
          data: months.map((m) => (row[m] ?? null) as number | null),
        })),
        y: { max: 100 },
        format: (v) => `${v}%`,
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
