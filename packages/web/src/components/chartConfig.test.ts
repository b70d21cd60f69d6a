import { describe, expect, it } from 'vitest';
import type { ChartDescription } from './Chart.tsx';
import { chartConfig, palette, pointOf } from './chartConfig.ts';

// The parts of a configuration the tests read, without Chart.js's deep option types.
interface Scale {
  type: string;
  position?: string;
  min?: number;
  max?: number;
  title: { display: boolean; text?: string };
  ticks?: { precision?: number; callback: (v: number) => string };
  grid?: { display?: boolean; drawOnChartArea?: boolean };
}
interface Item {
  dataIndex: number;
  parsed: unknown;
  dataset: { label: string };
}
const view = (d: ChartDescription, animate?: boolean, rtl?: boolean) => {
  const config = chartConfig(d, animate, rtl);
  const options = config.options as unknown as {
    animation: unknown;
    indexAxis?: string;
    interaction?: { mode: string; axis?: string };
    scales: { x: Scale; y: Scale; y2?: Scale };
    plugins: {
      legend: {
        display: boolean;
        position: string;
        rtl: boolean;
        textDirection: string;
        labels?: { sort: (a: { datasetIndex: number }, b: { datasetIndex: number }) => number };
      };
      tooltip: {
        rtl: boolean;
        textDirection: string;
        itemSort?: (a: { datasetIndex: number }, b: { datasetIndex: number }) => number;
        callbacks: { title?: (items: Item[]) => string; label: (item: Item) => string };
      };
    };
  };
  return { config, datasets: config.data.datasets as unknown as Record<string, unknown>[], options };
};

/** The tooltip's line for the first value of a series, parsed at `parsed`. */
const tooltipLabel = (options: ReturnType<typeof view>['options'], series: string, parsed: object) =>
  options.plugins.tooltip.callbacks.label({ dataIndex: 0, parsed, dataset: { label: series } });

// The liability report: bars per period and a line on a right axis of its own.
const liability: ChartDescription = {
  kind: 'bar',
  labels: ['2026-01', '2026-02'],
  series: [
    { name: 'Issued', data: [1200, 900] },
    { name: 'Redeemed', data: [300, 450] },
    { name: 'Outstanding', type: 'line', axis: 'right', smooth: true, data: [900, 1350] },
  ],
};

describe('chartConfig', () => {
  it('draws bars and a line along categories, the line on the right axis, in ECharts’ colours', () => {
    const { config, datasets, options } = view(liability);
    expect(config.type).toBe('bar');
    expect(config.data.labels).toEqual(['2026-01', '2026-02']);
    expect(datasets.map((s) => [s.type, s.label, s.backgroundColor, s.yAxisID])).toEqual([
      ['bar', 'Issued', '#5470c6', undefined],
      ['bar', 'Redeemed', '#91cc75', undefined],
      ['line', 'Outstanding', '#fac858', 'y2'],
    ]);
    expect(datasets[2]).toMatchObject({
      tension: 0.4,
      cubicInterpolationMode: 'monotone',
      stepped: false,
      pointRadius: 3,
      data: [900, 1350],
    });
    expect(options.indexAxis).toBe('x');
    expect(options.scales.x).toMatchObject({ type: 'category', offset: true, grid: { display: false } });
    expect(options.scales.y).toMatchObject({ type: 'linear', beginAtZero: true });
    // The right axis draws no grid lines of its own across the chart.
    expect(options.scales.y2).toMatchObject({
      type: 'linear',
      position: 'right',
      grid: { drawOnChartArea: false },
    });
    // The tooltip lists every series of the category, values with grouped digits.
    expect(options.interaction).toMatchObject({ mode: 'index', axis: 'x' });
    expect(tooltipLabel(options, 'Issued', { x: 0, y: 1200 })).toBe('Issued: 1,200');
    expect(options.plugins.legend).toMatchObject({ display: true, position: 'top' });
    // The line is drawn over the bars, yet listed in the legend and the tooltip in its place.
    expect(datasets[2]?.order).toBe(-1);
    const drawn = [{ datasetIndex: 2 }, { datasetIndex: 0 }, { datasetIndex: 1 }];
    expect([...drawn].sort(options.plugins.legend.labels?.sort).map((i) => i.datasetIndex)).toEqual([
      0, 1, 2,
    ]);
    expect([...drawn].sort(options.plugins.tooltip.itemSort).map((i) => i.datasetIndex)).toEqual([0, 1, 2]);
  });

  it('has no right axis when no series uses it, and animates unless told not to', () => {
    const bars: ChartDescription = { kind: 'bar', labels: ['a'], series: [{ name: 'A', data: [1] }] };
    expect(view(bars).options.scales.y2).toBeUndefined();
    expect(view(bars).options.animation).toEqual({ duration: 300 });
    expect(view(bars, false).options.animation).toBe(false);
  });

  it('piles up only the series of a stack', () => {
    const { datasets } = view({
      kind: 'bar',
      labels: ['2026-01'],
      series: [
        { name: 'Billing', stack: 'volume', data: [4] },
        { name: 'Cards', stack: 'volume', data: [2] },
        { name: 'Negative', type: 'line', axis: 'right', data: [0.25] },
      ],
    });
    expect(datasets.map((s) => s.stack)).toEqual(['volume', 'volume', undefined]);
  });

  it('lays horizontal bars across, the categories down and whole numbers on the value axis', () => {
    const { datasets, options } = view({
      kind: 'bar',
      horizontal: true,
      labels: ['Coffee', 'Cinema'],
      series: [{ name: 'Redemptions', data: [12, 7] }],
      x: { integer: true },
      legend: 'none',
    });
    expect(options.indexAxis).toBe('y');
    expect(options.interaction).toMatchObject({ mode: 'index', axis: 'y' });
    expect(options.scales.y.type).toBe('category');
    expect(options.scales.x).toMatchObject({ type: 'linear', ticks: { precision: 0 } });
    expect(options.plugins.legend.display).toBe(false);
    // The tooltip's value is along the value axis, here x.
    expect(tooltipLabel(options, 'Redemptions', { x: 12, y: 0 })).toBe('Redemptions: 12');
    expect(datasets[0]?.type).toBe('bar');
  });

  it('draws [x, y] points on two value axes with their limits and titles, a dashed reference line and steps', () => {
    const { config, datasets, options } = view({
      kind: 'line',
      series: [
        { name: 'Observed', data: [{ x: 0.1, y: 0.12 }] },
        {
          name: 'Ideal',
          dashed: true,
          data: [
            { x: 0, y: 0 },
            { x: 1, y: 1 },
          ],
        },
        { name: 'Burn', step: true, data: [{ x: 0.5, y: 0.2 }] },
      ],
      x: { min: 0, max: 1, title: 'Predicted' },
      y: { min: 0, max: 1, title: 'Observed' },
    });
    expect(config.type).toBe('line');
    expect(config.data.labels).toBeUndefined();
    expect(options.scales.x).toMatchObject({
      type: 'linear',
      min: 0,
      max: 1,
      title: { display: true, text: 'Predicted' },
    });
    expect(options.scales.y).toMatchObject({
      type: 'linear',
      min: 0,
      max: 1,
      title: { display: true, text: 'Observed' },
    });
    expect(options.interaction).toMatchObject({ mode: 'nearest' });
    expect(datasets[1]).toMatchObject({ borderDash: [6, 4], pointRadius: 0 });
    // ECharts' step "end": the line holds its value and turns at the next point.
    expect(datasets[2]).toMatchObject({ stepped: 'before' });
  });

  it('formats values on the value axis and in the tooltip, and leaves gaps for no value', () => {
    const { datasets, options } = view({
      kind: 'line',
      labels: ['Month 1', 'Month 2'],
      series: [{ name: '2026-01', data: [62.5, null] }],
      y: { max: 100 },
      format: (v) => `${v}%`,
    });
    expect(datasets[0]?.data).toEqual([62.5, null]);
    expect(options.scales.y.max).toBe(100);
    expect(options.scales.y.ticks?.callback(40)).toBe('40%');
    expect(tooltipLabel(options, '2026-01', { x: 0, y: 62.5 })).toBe('2026-01: 62.5%');
  });

  it('formats the value axis on its own when told: money in the tooltip, its ticks without cents', () => {
    const { options } = view({
      kind: 'line',
      labels: ['2026-11-24'],
      series: [{ name: 'Treated', data: [4123.5] }],
      format: (v) => v.toFixed(2),
      axisFormat: (v) => String(v),
    });
    expect(options.scales.y.ticks?.callback(20000)).toBe('20000');
    expect(tooltipLabel(options, 'Treated', { x: 0, y: 4123.5 })).toBe('Treated: 4123.50');
  });

  it('colours a doughnut by slice and gives each slice’s value in the legend, its name in the tooltip', () => {
    const { config, datasets, options } = view({
      kind: 'doughnut',
      labels: ['Gold', 'ذهبي', 'Silver'],
      series: [{ name: 'Customers per tier', data: [1204, 35, 7] }],
      legend: 'bottom',
    });
    expect(config.type).toBe('doughnut');
    expect(config.data.labels).toEqual(['Gold: 1,204', 'ذهبي: 35', 'Silver: 7']);
    expect(datasets[0]?.backgroundColor).toEqual(palette.slice(0, 3));
    expect(options.plugins.legend.position).toBe('bottom');
    const item = { dataIndex: 1, parsed: 35, dataset: { label: 'Customers per tier' } };
    expect(options.plugins.tooltip.callbacks.title?.([item])).toBe('ذهبي');
    expect(options.plugins.tooltip.callbacks.label(item)).toBe('Customers per tier: 35');
  });

  it('cycles the palette past its ninth colour', () => {
    const series = Array.from({ length: 10 }, (_, i) => ({ name: `S${i}`, data: [i] }));
    const { datasets } = view({ kind: 'line', labels: ['a'], series });
    expect(datasets[9]?.borderColor).toBe(palette[0]);
  });

  it('reads its legend and tooltip from the right on an Arabic page, its layout unmirrored', () => {
    const reading = (rtl?: boolean) =>
      [
        liability,
        { kind: 'doughnut', labels: ['ذهبي'], series: [{ name: 'العملاء', data: [35] }] } as const,
      ].map((d) => {
        const { legend, tooltip } = view(d, true, rtl).options.plugins;
        return [legend.rtl, legend.textDirection, tooltip.rtl, tooltip.textDirection];
      });
    expect(reading()).toEqual([
      [false, 'ltr', false, 'ltr'],
      [false, 'ltr', false, 'ltr'],
    ]);
    expect(reading(true)).toEqual([
      [true, 'rtl', true, 'rtl'],
      [true, 'rtl', true, 'rtl'],
    ]);
    // Time still runs left to right: the category axis is not reversed, the right axis stays right.
    const { scales } = view(liability, true, true).options;
    expect(scales.x).not.toHaveProperty('reverse');
    expect(scales.y2?.position).toBe('right');
  });
});

describe('pointOf', () => {
  it('gives the clicked series, its index and its type, for a drill-down', () => {
    expect(pointOf(liability, { datasetIndex: 1, index: 0 })).toEqual({
      seriesIndex: 1,
      dataIndex: 0,
      seriesType: 'bar',
    });
    expect(pointOf(liability, { datasetIndex: 2, index: 1 })).toEqual({
      seriesIndex: 2,
      dataIndex: 1,
      seriesType: 'line',
    });
  });
});
