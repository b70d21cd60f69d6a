import type { CSSProperties, ReactNode } from 'react';
import './plain.css';
import './panel.css';
import { Skeleton } from './Skeleton.tsx';

interface PanelProps {
  title?: ReactNode;
  /** Beside the title, at its end (actions, a status). */
  extra?: ReactNode;
  size?: 'default' | 'small';
  /** A panel inside another: a tinted head, a tighter body. */
  type?: 'inner';
  /** Raised under the pointer (a panel that is a link). */
  hoverable?: boolean;
  /** A skeleton in place of the body. */
  loading?: boolean;
  style?: CSSProperties;
  styles?: { body?: CSSProperties };
  children?: ReactNode;
  'data-testid'?: string;
}

/**
 * A titled box of a screen, in the look of antd's Card, which it replaces: the Card brings antd's
 * Tabs with it (its `tabList`), 14 KB on every screen that has a box (issue 24).
 */
export function Panel(props: PanelProps) {
  const { title, extra, size, type, hoverable, loading, style, styles, children } = props;
  const classes = [
    'plain panel',
    size === 'small' && 'small',
    type === 'inner' && 'inner',
    hoverable && 'hoverable',
  ];
  return (
    <div className={classes.filter(Boolean).join(' ')} style={style} data-testid={props['data-testid']}>
      {(title || extra) && (
        <div className="panel-head">
          {title && <div className="panel-title">{title}</div>}
          {extra && <div className="panel-extra">{extra}</div>}
        </div>
      )}
      <div className="panel-body" style={styles?.body}>
        {loading ? <Skeleton /> : children}
      </div>
    </div>
  );
}
