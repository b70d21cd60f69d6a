import { lazy, Suspense } from 'react';
import { SkeletonBlock } from './Skeleton.tsx';

/** What a chart draws: bars and lines along categories (or [x, y] points), or a doughnut. */
export interface ChartDescription {
  kind: 'bar' | 'line' | 'doughnut';
  /** The categories along the axis, or the doughnut's slices; none for a line of `{ x, y }` points. */
  labels?: readonly string[];
  series: readonly ChartSeries[];
  /** Bars across the chart, the categories listed from the top. */
  horizontal?: boolean;
  x?: ChartAxis;
  y?: ChartAxis;
  /** The right value axis, of the series with `axis: 'right'`. */
  y2?: ChartAxis;
  /** Where the legend is: at the top by default. A doughnut's legend gives each slice's value. */
  legend?: 'top' | 'bottom' | 'none';
  /** A value on the value axes and in the tooltip (grouped digits by default: 24,608). */
  format?: (value: number) => string;
  /** A value on the value axes, where it differs from the tooltip's (money's ticks without cents). */
  axisFormat?: (value: number) => string;
}

export interface ChartSeries {
  name: string;
  /** A value per label (null for none), or `{ x, y }` points on a chart without labels. */
  data: readonly (number | null)[] | readonly { x: number; y: number }[];
  /** A line in a bar chart, or bars in a line chart. */
  type?: 'bar' | 'line';
  /** Bars of the same stack are piled up. */
  stack?: string;
  /** Its value axis: the left one by default. */
  axis?: 'left' | 'right';
  smooth?: boolean;
  /** A step line: each value holds until the next point. */
  step?: boolean;
  /** A reference line: dashed, without points. */
  dashed?: boolean;
}

export interface ChartAxis {
  title?: string;
  min?: number;
  max?: number;
  /** Whole numbers only (counts: no 0.2 on the axis). */
  integer?: boolean;
}

export interface ChartProps {
  description: ChartDescription;
  height?: number;
  /** What the chart shows, for screen readers. */
  label: string;
  /** Called with the data point clicked (for drill-down). */
  onClick?: (point: ChartPoint) => void;
}

/** A clicked data point of a chart. */
export interface ChartPoint {
  seriesIndex?: number;
  dataIndex?: number;
  seriesType?: string;
}

// Chart.js is loaded with the first chart shown, in its own chunk.
const ChartView = lazy(() => import('./ChartView.tsx'));

/** A chart (Chart.js on a canvas), loaded on demand; a placeholder of its size until then. */
export function Chart(props: ChartProps) {
  return (
    <Suspense fallback={<SkeletonBlock style={{ inlineSize: '100%', blockSize: props.height ?? 280 }} />}>
      <ChartView {...props} />
    </Suspense>
  );
}
