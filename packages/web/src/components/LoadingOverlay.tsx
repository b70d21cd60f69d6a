import { useTranslation } from 'react-i18next';
import { Spinner } from './plain.tsx';

/** The full-screen loading overlay (spec §2): global loading flag and page-load fallback. */
export function LoadingOverlay({ text }: { text?: string }) {
  const { t } = useTranslation();
  const label = text ?? t('common.loading');
  return (
    <div
      role="status"
      aria-label={label}
      data-testid="loading-overlay"
      className="plain"
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 2000,
        display: 'flex',
        flexDirection: 'column',
        gap: 12,
        alignItems: 'center',
        justifyContent: 'center',
        background: 'rgba(255, 255, 255, 0.65)',
      }}
    >
      <Spinner large />
      <span>{label}</span>
    </div>
  );
}

/** A spinner with text inside the page (e.g. 'Loading tiers…' while a record loads). */
export function InlineLoading({ text }: { text: string }) {
  return (
    <div
      role="status"
      aria-label={text}
      style={{ display: 'flex', gap: 12, alignItems: 'center', padding: 24 }}
    >
      <Spinner />
      <span>{text}</span>
    </div>
  );
}
