import { forgotPasswordInput } from '@loyalty/contracts';
import { Button, Flex, Form, Result } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { Alert } from '../../components/Alert.tsx';
import { Input } from '../../components/Input.tsx';
import { LangLink } from '../../components/LangLink.tsx';
import { zodRules } from '../../components/zodRules.ts';
import { authApi } from './api.ts';
import { PublicCard } from './PublicCard.tsx';

/**
 * `/forget-password`: asks for the username or e-mail and always says the same thing afterwards,
 * whether or not such an account exists; the link arrives by e-mail.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const rules = useMemo(() => zodRules(forgotPasswordInput, t), [t]);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<ApiError | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async ({ username }: { username: string }) => {
    setBusy(true);
    setError(undefined);
    try {
      await authApi.forgotPassword(username.trim());
      setSent(true);
    } catch (e) {
      setError(e instanceof ApiError ? e : new ApiError(0, 'SERVICE_UNAVAILABLE'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicCard title={t('auth.forgotTitle')} subtitle={sent ? undefined : t('auth.forgotIntro')}>
      {sent ? (
        <Result status="success" title={t('auth.forgotSentTitle')} subTitle={t('auth.forgotSent')} />
      ) : (
        <Form name="forgot" layout="vertical" onFinish={submit} requiredMark={false}>
          {error && (
            <Alert type="error" showIcon title={t(`error.${error.code}`)} style={{ marginBottom: 16 }} />
          )}
          <Form.Item name="username" label={t('auth.usernameOrEmail')} rules={rules('username')}>
            <Input autoComplete="username" autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('auth.sendLink')}
          </Button>
        </Form>
      )}
      <Flex justify="center" style={{ marginTop: 16 }}>
        <LangLink to="/">{t('common.backToSignIn')}</LangLink>
      </Flex>
    </PublicCard>
  );
}
