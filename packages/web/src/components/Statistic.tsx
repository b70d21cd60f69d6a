import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { SkeletonBlock } from './Skeleton.tsx';
import './statistic.css';

interface StatisticProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  title?: ReactNode;
  /** A number (or a text of digits) is grouped by thousands (`12,345.5`), as antd's; other text as it is. */
  value?: number | string;
  suffix?: ReactNode;
  loading?: boolean;
  styles?: { content?: CSSProperties };
}

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 20 });
const shown = (value: number | string | undefined) =>
  typeof value === 'number' || /^-?\d+(\.\d+)?$/.test(value ?? '') ? grouped.format(Number(value)) : value;

/**
 * A figure under its caption, in the look of antd's Statistic, which it replaces (1.9 KB, and the
 * 3.2 KB skeleton its loading state brought, issue 24).
 */
export function Statistic({ title, value, suffix, loading, styles, className, ...props }: StatisticProps) {
  return (
    <div className={['statistic', className].filter(Boolean).join(' ')} {...props}>
      {title !== undefined && <div className="statistic-title">{title}</div>}
      {loading ? (
        <SkeletonBlock style={{ blockSize: 32, inlineSize: 96 }} />
      ) : (
        <div className="statistic-content" style={styles?.content}>
          <span className="statistic-value">{shown(value)}</span>
          {suffix !== undefined && <span className="statistic-suffix">{suffix}</span>}
        </div>
      )}
    </div>
  );
}
