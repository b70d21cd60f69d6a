import { loginInput } from '@loyalty/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { login } from '../../api/auth.ts';
import { ApiError } from '../../api/client.ts';
import type { ReturnState } from '../../app/RequireAuth.tsx';
import { meQueryKey } from '../../app/session.ts';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { zodRules } from '../../components/zodRules.ts';
import { useLang, withLang } from '../../i18n/lang.ts';
import { setTimedOut, setToken } from '../../state/auth.ts';
import { useAppDispatch, useAppSelector } from '../../state/store.ts';

interface Credentials {
  username: string;
  password: string;
}

/**
 * `/` and every unknown path. After sign-in the user returns to where they were going (or the
 * dashboard), in the language they chose here.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  const { token, visitorId, timedOut } = useAppSelector((s) => s.auth);
  const { carried } = useLang();
  const from = (useLocation().state as ReturnState | null)?.from;
  const rules = useMemo(() => zodRules(loginInput, t), [t]);
  // An error code, or 'challenge' for a further sign-in step this screen cannot do yet.
  const [error, setError] = useState<ApiError['code'] | 'challenge' | undefined>();
  const [busy, setBusy] = useState(false);

  // Signed in (just now, or already): go on.
  if (token) return <Navigate to={withLang(from ?? '/dashboard', carried)} replace />;

  const submit = async ({ username, password }: Credentials) => {
    setBusy(true);
    setError(undefined);
    try {
      const result = await login({ username, password, visitorId: visitorId ?? undefined });
      if (result.kind === 'challenge') {
        setError('challenge');
        setBusy(false);
        return;
      }
      queryClient.removeQueries({ queryKey: meQueryKey });
      dispatch(setTimedOut(false));
      dispatch(setToken(result.token)); // re-renders into <Navigate> above
    } catch (e) {
      setError(e instanceof ApiError ? e.code : 'SERVICE_UNAVAILABLE');
      setBusy(false);
    }
  };

  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f5f5f5' }}>
      <Card style={{ width: 380 }}>
        <Flex justify="space-between" align="center">
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('auth.title')}
          </Typography.Title>
          <LanguageSwitch />
        </Flex>
        <Typography.Paragraph type="secondary">{t('auth.subtitle')}</Typography.Paragraph>
        {timedOut && !error && (
          <Alert type="info" showIcon title={t('auth.sessionExpired')} style={{ marginBottom: 16 }} />
        )}
        {error && (
          <Alert
            type="error"
            showIcon
            title={error === 'challenge' ? t('auth.furtherStep') : t(`error.${error}`)}
            style={{ marginBottom: 16 }}
          />
        )}
        <Form<Credentials> name="login" layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item name="username" label={t('auth.username')} rules={rules('username')}>
            <Input autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item name="password" label={t('auth.password')} rules={rules('password')}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('auth.submit')}
          </Button>
        </Form>
      </Card>
    </main>
  );
}
