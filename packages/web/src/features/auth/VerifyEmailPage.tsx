import { Button, Flex, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LangLink } from '../../components/LangLink.tsx';
import { authApi } from './api.ts';
import { PublicCard } from './PublicCard.tsx';

type State = 'ready' | 'sending' | 'confirmed' | 'invalid';

/**
 * `/verify-email?token=…`: the link sent to a new e-mail address. The address takes effect when
 * its owner presses the button — not on opening the page, so a mail scanner that follows links
 * does not confirm it for them.
 */
export default function VerifyEmailPage() {
  const { t } = useTranslation();
  const token = useSearchParams()[0].get('token');
  const [state, setState] = useState<State>(token ? 'ready' : 'invalid');

  const confirm = async () => {
    if (!token) return;
    setState('sending');
    try {
      await authApi.verifyEmail(token);
      setState('confirmed');
    } catch {
      setState('invalid');
    }
  };

  return (
    <PublicCard title={t('auth.verifyEmailTitle')}>
      {state === 'confirmed' ? (
        <Result status="success" title={t('auth.emailConfirmed')} />
      ) : state === 'invalid' ? (
        <Result status="warning" title={t('auth.emailLinkInvalid')} />
      ) : (
        <Flex vertical gap={16}>
          <p>{t('auth.verifyEmailIntro')}</p>
          <Button type="primary" block loading={state === 'sending'} onClick={confirm}>
            {t('auth.confirmEmail')}
          </Button>
        </Flex>
      )}
      <Flex justify="center" style={{ marginTop: 16 }}>
        <LangLink to="/">{t('common.backToSignIn')}</LangLink>
      </Flex>
    </PublicCard>
  );
}
