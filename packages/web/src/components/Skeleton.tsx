import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import './plain.css';
import './skeleton.css';

/**
 * Grey bars where content is loading, in the look of antd's Skeleton, which it replaces (3.2 KB on
 * every screen, issue 24). Announced once as "Loading…" to screen readers; still under reduced motion.
 */
export function Skeleton() {
  const { t } = useTranslation();
  return (
    <div className="skeleton" role="status">
      <span className="plain-sr">{t('common.loading')}</span>
      <div className="skeleton-bar skeleton-title" />
      <div className="skeleton-bar" />
      <div className="skeleton-bar" />
      <div className="skeleton-bar skeleton-last" />
    </div>
  );
}

/** One grey block of a given size (a chart's place before it is drawn). */
export function SkeletonBlock({ style }: { style?: CSSProperties }) {
  const { t } = useTranslation();
  return (
    <div className="skeleton skeleton-bar skeleton-block" role="status" style={style}>
      <span className="plain-sr">{t('common.loading')}</span>
    </div>
  );
}
