import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';

export interface ChartProps {
  /** An ECharts option (series, axes, tooltip…). */
  option: Record<string, unknown>;
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

// ECharts is loaded with the first chart shown, in its own chunk.
const EChartView = lazy(() => import('./EChartView.tsx'));

/** A chart (Apache ECharts), loaded on demand; a placeholder of its size until then. */
export function Chart(props: ChartProps) {
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: props.height ?? 280 }} />}>
      <EChartView {...props} />
    </Suspense>
  );
}
