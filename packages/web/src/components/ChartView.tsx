import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  type ChartEvent,
  Chart as ChartJs,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartDescription, ChartProps } from './Chart.tsx';
import { type ChartKind, chartConfig, pointOf } from './chartConfig.ts';

// Only what the back office draws is registered: the rest of Chart.js stays out of this chunk.
ChartJs.register(
  BarController,
  LineController,
  DoughnutController,
  CategoryScale,
  LinearScale,
  BarElement,
  LineElement,
  PointElement,
  ArcElement,
  Tooltip,
  Legend,
);
// The canvas draws its own text: antd's system font stack (Arabic labels included), in the grey
// and with the grid lines of the ECharts charts it replaced.
ChartJs.defaults.font.family =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji', 'Segoe UI Symbol', 'Noto Color Emoji'";
ChartJs.defaults.color = '#6e7079';
ChartJs.defaults.borderColor = '#e0e6f1';

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** The data point under the pointer, if any (not the whole category the tooltip shows). */
function pointAt(chart: ChartJs, d: ChartDescription, e: ChartEvent) {
  if (!e.native) return undefined;
  const [element] = chart.getElementsAtEventForMode(e.native, 'nearest', { intersect: true }, true);
  return element && pointOf(d, element);
}

/**
 * A Chart.js chart on a canvas filling a box of the given height: drawn with the description,
 * redrawn when it changes, resized with its box, destroyed with the component.
 */
export default function ChartView({ description, height = 280, label, onClick }: ChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  // The chart drawn, and its kind and direction: another kind or direction is a new chart.
  const chart = useRef<{ instance: ChartJs<ChartKind>; shape: string } | undefined>(undefined);
  // The latest handler, read at click time: a new handler does not redraw the chart.
  const click = useRef(onClick);
  click.current = onClick;
  const rtl = useTranslation().i18n.dir() === 'rtl';

  useEffect(() => {
    const config = chartConfig(description, !reducedMotion(), rtl);
    config.options = {
      ...config.options,
      onClick: (e, _, c) => {
        const point = pointAt(c, description, e);
        if (point) click.current?.(point);
      },
      onHover: (e, _, c) => {
        c.canvas.style.cursor = click.current && pointAt(c, description, e) ? 'pointer' : '';
      },
    };
    const shape = `${description.kind} ${config.options.indexAxis}`;
    const current = chart.current;
    if (current?.shape === shape) {
      // The same chart: its data and options move in place.
      current.instance.data = config.data;
      current.instance.options = config.options;
      current.instance.update();
    } else if (canvas.current) {
      current?.instance.destroy();
      chart.current = { instance: new ChartJs(canvas.current, config), shape };
    }
  }, [description, rtl]);

  useEffect(
    () => () => {
      chart.current?.instance.destroy();
      chart.current = undefined;
    },
    [],
  );

  // Time runs left to right in both languages; the chart is isolated from the page's direction.
  // Its text is not: the canvas draws in its element's direction, so an Arabic label of several
  // parts ('شراء بالبطاقة · نقاط البيع · اكتساب') reads from the right, and one that starts with a
  // neutral ('—') keeps its parts' order. Chart.js aligns text by left and right, not start and end.
  // Chart.js sizes the canvas to this box (responsive), which must be positioned.
  return (
    <div
      role="img"
      aria-label={label}
      dir="ltr"
      style={{ position: 'relative', inlineSize: '100%', blockSize: height }}
    >
      <canvas ref={canvas} dir={rtl ? 'rtl' : 'ltr'} />
    </div>
  );
}
