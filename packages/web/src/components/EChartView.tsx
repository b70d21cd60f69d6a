import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { DatasetComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import type { ChartPoint, ChartProps } from './Chart.tsx';

// Only the parts the back office draws: a smaller chunk than the whole library.
echarts.use([
  BarChart,
  LineChart,
  PieChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  DatasetComponent,
  SVGRenderer,
]);

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** An ECharts chart in a div: drawn with the option, redrawn when it changes, resized with its box. */
export default function EChartView({ option, height = 280, label, onClick }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | undefined>(undefined);
  // The latest handler, read at click time: a new handler does not redraw the chart.
  const click = useRef(onClick);
  click.current = onClick;

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const instance = echarts.init(el, undefined, { renderer: 'svg' });
    chart.current = instance;
    instance.on('click', (p) => click.current?.(p as ChartPoint));
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(el);
    return () => {
      resize.disconnect();
      instance.dispose();
      chart.current = undefined;
    };
  }, []);

  useEffect(() => {
    // No animation for those who asked their system for less motion.
    chart.current?.setOption(
      { animation: !reducedMotion(), animationDuration: 300, ...option },
      { notMerge: true },
    );
  }, [option]);

  // Time runs left to right in both languages; the chart is isolated from the page's direction.
  return <div ref={box} role="img" aria-label={label} dir="ltr" style={{ width: '100%', height }} />;
}
