import type { TokenResponse } from '@loyalty/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { LangLink } from '../../components/LangLink.tsx';
import { Notice } from '../../components/plain.tsx';
import { useLang, withLang } from '../../i18n/lang.ts';
import { setTimedOut, setToken } from '../../state/auth.ts';
import { meQueryKey, useMe } from '../../state/me.ts';
import { useAppDispatch, useAppSelector } from '../../state/store.ts';
import { PublicCard } from './PublicCard.tsx';
import { SignInFlow } from './SignInFlow.tsx';

/** Where a signed-out user was going (set by the dashboard's guard); sign-in returns there. */
export interface ReturnState {
  from?: string;
}

/**
 * `/` and every unknown path. After sign-in the user returns to where they were going (or the
 * dashboard), in the language they chose here.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  const { token, timedOut } = useAppSelector((s) => s.auth);
  const { carried } = useLang();
  const from = (useLocation().state as ReturnState | null)?.from;

  const me = useMe();

  // Signed in (just now, or already): go on — in the staff's default language (UserConfigurations)
  // when none was chosen here.
  if (token && (carried || !me.isPending)) {
    return <Navigate to={withLang(from ?? '/dashboard', carried ?? me.data?.defaultLanguage)} replace />;
  }
  if (token) return null;

  const signedIn = (session: TokenResponse) => {
    queryClient.removeQueries({ queryKey: meQueryKey });
    dispatch(setTimedOut(false));
    dispatch(setToken(session)); // re-renders into <Navigate> above
  };

  return (
    <PublicCard title={t('auth.title')} subtitle={t('auth.subtitle')}>
      <SignInFlow
        onSignedIn={signedIn}
        notice={timedOut && <Notice tone="info">{t('auth.sessionExpired')}</Notice>}
      />
      <p style={{ marginBlock: '16px 0', textAlign: 'center' }}>
        <LangLink to="/forget-password">{t('auth.forgotPassword')}</LangLink>
      </p>
    </PublicCard>
  );
}
