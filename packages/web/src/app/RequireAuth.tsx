import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingOverlay } from '../components/LoadingOverlay.tsx';
import { PlainButton, ProblemPanel } from '../components/plain.tsx';
import type { ReturnState } from '../features/auth/LoginPage.tsx';
import { LAYOUT_AREAS, useAreaStrings } from '../i18n/index.ts';
import { type Lang, useLangTo } from '../i18n/lang.ts';
import { useMe } from '../state/me.ts';
import { useAppSelector } from '../state/store.ts';

/**
 * Guards /dashboard/*: signed-out users go to `/` (keeping `lang`); the profile and the layout's
 * strings load first (each screen's own with its page: `LazyPage`).
 */
export function RequireAuth() {
  const { t, i18n } = useTranslation();
  const stringsReady = useAreaStrings(i18n.language as Lang, LAYOUT_AREAS);
  const token = useAppSelector((s) => s.auth.token);
  const location = useLocation();
  const langTo = useLangTo();
  const me = useMe();

  if (!token) {
    const state: ReturnState = { from: location.pathname + location.search };
    return <Navigate to={langTo('/')} replace state={state} />;
  }
  if (me.isPending || !stringsReady) return <LoadingOverlay />;
  if (me.isError) {
    return (
      <ProblemPanel
        tone="error"
        title={t('auth.profileFailed')}
        action={
          <PlainButton primary onClick={() => void me.refetch()}>
            {t('common.retry')}
          </PlainButton>
        }
      />
    );
  }
  return <Outlet />;
}
