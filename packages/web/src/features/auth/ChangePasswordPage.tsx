import { Flex, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { accountApi } from '../../api/account.ts';
import { LangLink } from '../../components/LangLink.tsx';
import { useAppSelector } from '../../state/store.ts';
import { authApi } from './api.ts';
import { PasswordForm } from './PasswordForm.tsx';
import { PublicCard } from './PublicCard.tsx';

/**
 * `/change-password`: with `?token=` (a link from an e-mail) it sets a new password; signed in,
 * it changes the password (current and new). Changes forced at sign-in (first sign-in, reset,
 * expiry) happen inside the sign-in itself.
 */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const signedIn = useAppSelector((s) => s.auth.token) !== null;
  const [done, setDone] = useState(false);

  const body = () => {
    if (done) {
      return (
        <Result
          status="success"
          title={t('auth.passwordChanged')}
          subTitle={token ? t('auth.passwordChangedSignIn') : undefined}
        />
      );
    }
    if (token) {
      return (
        <PasswordForm
          askCurrent={false}
          submitText={t('auth.setPassword')}
          onSubmit={async (newPassword) => {
            await authApi.resetPassword(token, newPassword);
            setDone(true);
          }}
        />
      );
    }
    if (signedIn) {
      return (
        <PasswordForm
          askCurrent
          submitText={t('auth.changePassword')}
          onSubmit={async (newPassword, currentPassword) => {
            await accountApi.changePassword(currentPassword ?? '', newPassword);
            setDone(true);
          }}
        />
      );
    }
    return <Result status="info" subTitle={t('auth.changeNeedsLink')} />;
  };

  return (
    <PublicCard title={t('auth.changeTitle')}>
      {body()}
      <Flex justify="center" style={{ marginTop: 16 }}>
        <LangLink to={signedIn ? '/dashboard/admin' : '/'}>
          {signedIn ? t('common.backToDashboard') : t('common.backToSignIn')}
        </LangLink>
      </Flex>
    </PublicCard>
  );
}
