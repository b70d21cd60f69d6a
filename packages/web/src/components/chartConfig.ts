import type { ChartConfiguration, ChartDataset, ScaleOptions, TooltipItem } from 'chart.js';
import type { ChartAxis, ChartDescription, ChartPoint } from './Chart.tsx';

/** ECharts' default palette, which the charts were first drawn with. */
export const palette = [
  '#5470c6',
  '#91cc75',
  '#fac858',
  '#ee6666',
  '#73c0de',
  '#3ba272',
  '#fc8452',
  '#9a60b4',
  '#ea7ccc',
];
const colour = (i: number) => palette[i % palette.length];
const grouped = new Intl.NumberFormat('en-US');

export type ChartKind = ChartDescription['kind'];
type Config = ChartConfiguration<ChartKind>;

/**
 * The Chart.js configuration of a chart description: colours, axes, legend and tooltip. Pure, so
 * that it is tested without a canvas; `animate` is false for those who asked for less motion.
 * `rtl` (an Arabic page): the chart keeps its left-to-right layout (docs/web.md), but its legend
 * and tooltip read from the right (the colour box after the text) and their text runs right to
 * left; the canvas itself is given the page's direction for the axes' labels (ChartView).
 */
export function chartConfig(d: ChartDescription, animate = true, rtl = false): Config {
  const format = d.format ?? ((v: number) => grouped.format(v));
  const axisFormat = d.axisFormat ?? format;
  const common = {
    responsive: true,
    maintainAspectRatio: false,
    // Western digits in both languages, as everywhere else (decisions/bilingual.md).
    locale: 'en-US',
    animation: animate ? { duration: 300 } : (false as const),
  };
  const reading = { rtl, textDirection: rtl ? 'rtl' : 'ltr' };
  const legend = {
    ...reading,
    display: d.legend !== 'none',
    position: d.legend === 'bottom' ? 'bottom' : 'top',
  } as const;
  const labels = d.labels ?? [];

  if (d.kind === 'doughnut') {
    const values = (d.series[0]?.data ?? []) as readonly (number | null)[];
    return {
      type: 'doughnut',
      data: {
        // The legend gives each slice's value: "Gold: 1,204".
        labels: labels.map((l, i) => `${l}: ${format(values[i] ?? 0)}`),
        datasets: d.series.map((s) => ({
          label: s.name,
          data: [...(s.data as readonly (number | null)[])],
          backgroundColor: labels.map((_, i) => colour(i)),
        })),
      },
      options: {
        ...common,
        plugins: {
          legend,
          tooltip: {
            ...reading,
            callbacks: {
              title: (items) => labels[items[0]?.dataIndex ?? -1] ?? '',
              label: (item) => `${item.dataset.label}: ${format(item.parsed)}`,
            },
          },
        },
      },
    };
  }

  // Points on two value axes, or values along categories (down the chart when horizontal).
  const points = !d.labels;
  const indexAxis = d.horizontal ? 'y' : 'x';
  const valueAxis = d.horizontal ? 'x' : 'y';
  const scale = (axis: ChartAxis | undefined, category: boolean): ScaleOptions<'category' | 'linear'> => ({
    ...(category
      ? // Bars and points in the middle of their category, no vertical lines (as ECharts drew them).
        { type: 'category', offset: true, grid: { display: false } }
      : {
          type: 'linear',
          beginAtZero: true,
          ticks: { precision: axis?.integer ? 0 : undefined, callback: (v) => axisFormat(Number(v)) },
        }),
    min: axis?.min,
    max: axis?.max,
    title: { display: !!axis?.title, text: axis?.title },
  });
  const scales: Record<string, ScaleOptions<'category' | 'linear'>> = {
    x: scale(d.x, !points && indexAxis === 'x'),
    y: scale(d.y, !points && indexAxis === 'y'),
  };
  if (d.series.some((s) => s.axis === 'right')) {
    // Its grid lines would not meet the left axis's: only the left one draws them.
    scales.y2 = { ...scale(d.y2, false), position: 'right', grid: { drawOnChartArea: false } };
  }

  const datasets = d.series.map((s, i): ChartDataset<'bar' | 'line'> => {
    const type = s.type ?? d.kind;
    const shared = {
      label: s.name,
      data: [...s.data] as number[],
      stack: s.stack,
      backgroundColor: colour(i),
      borderColor: colour(i),
      yAxisID: s.axis === 'right' ? 'y2' : undefined,
    };
    return type === 'bar'
      ? { ...shared, type: 'bar' }
      : {
          ...shared,
          type: 'line',
          // Over the bars of a mixed chart (a lower order is drawn later).
          order: -1,
          borderWidth: 2,
          tension: s.smooth ? 0.4 : 0,
          // Smoothed without overshoot: between two points the curve stays between their values, so
          // a spike among zeros does not dip below zero (a negative expiry no one posted).
          cubicInterpolationMode: s.smooth ? 'monotone' : 'default',
          // ECharts' step "end": the line turns at the next point.
          stepped: s.step ? 'before' : false,
          borderDash: s.dashed ? [6, 4] : undefined,
          pointRadius: s.dashed ? 0 : 3,
          pointBackgroundColor: '#fff',
        };
  });

  const value = (item: TooltipItem<'bar' | 'line'>) => item.parsed[valueAxis] ?? 0;
  return {
    type: d.kind,
    data: { labels: d.labels ? [...d.labels] : undefined, datasets },
    options: {
      ...common,
      indexAxis,
      scales,
      // The tooltip lists every series of the category under the pointer (the nearest point on
      // two value axes), wherever the pointer is in its column.
      interaction: points
        ? { mode: 'nearest', intersect: false }
        : { mode: 'index', intersect: false, axis: indexAxis },
      // Chart.js lists series by drawing order: listed in the description's order instead.
      plugins: {
        legend: { ...legend, labels: { sort: (a, b) => (a.datasetIndex ?? 0) - (b.datasetIndex ?? 0) } },
        tooltip: {
          ...reading,
          itemSort: (a, b) => a.datasetIndex - b.datasetIndex,
          callbacks: { label: (item) => `${item.dataset.label}: ${format(value(item))}` },
        },
      },
    },
  };
}

/** The clicked data point of a chart, from Chart.js's element under the pointer. */
export const pointOf = (
  d: ChartDescription,
  element: { datasetIndex: number; index: number },
): ChartPoint => ({
  seriesIndex: element.datasetIndex,
  dataIndex: element.index,
  seriesType: d.series[element.datasetIndex]?.type ?? d.kind,
});
