import {
  type ChallengeResponse,
  isChallenge,
  type LoginResponse,
  loginInput,
  type TokenResponse,
  type TotpEnrolment,
} from '@loyalty/contracts';
import { Alert, Button, Form, Input } from 'antd';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { zodRules } from '../../components/zodRules.ts';
import { useAppSelector } from '../../state/store.ts';
import { authApi } from './api.ts';
import { PasswordForm } from './PasswordForm.tsx';

// The second-factor steps (antd List and what it brings) load when a sign-in reaches them, not
// with the sign-in page (issue 24).
const secondFactor = () => import('../../components/SecondFactor.tsx');
const CodeForm = lazy(() => secondFactor().then((m) => ({ default: m.CodeForm })));
const EnrolTotp = lazy(() => secondFactor().then((m) => ({ default: m.EnrolTotp })));
const RecoveryCodes = lazy(() => secondFactor().then((m) => ({ default: m.RecoveryCodes })));

type Step =
  | { kind: 'credentials' }
  | { kind: 'TOTP'; challenge: string }
  | { kind: 'TOTP_ENROL'; challenge: string; enrolment?: TotpEnrolment }
  | { kind: 'RECOVERY_CODES'; codes: string[]; result: LoginResponse }
  | { kind: 'PASSWORD_CHANGE'; challenge: string; reason?: ChallengeResponse['reason'] };

interface Credentials {
  username: string;
  password: string;
}

/**
 * The whole sign-in: username and password, then whatever the server asks next — a TOTP code,
 * enrolling an authenticator (QR code, then recovery codes), or a forced password change — until
 * it answers a token. Used by the login page and by the "session timed out" dialog.
 */
export function SignInFlow({
  onSignedIn,
  username,
  notice,
}: {
  onSignedIn: (token: TokenResponse) => void;
  /** Fixed username (signing in again after a time-out). */
  username?: string;
  /** Shown above the credentials form. */
  notice?: ReactNode;
}) {
  const { t } = useTranslation();
  const visitorId = useAppSelector((s) => s.auth.visitorId);
  const rules = useMemo(() => zodRules(loginInput, t), [t]);
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  const [error, setError] = useState<ApiError | undefined>();
  const [busy, setBusy] = useState(false);

  /** Goes on with the server's answer: a token ends the flow, a challenge opens its step. */
  const proceed = async (result: LoginResponse) => {
    if (!isChallenge(result)) return onSignedIn(result);
    if (result.next === 'TOTP_ENROL') {
      const enrolment = await authApi.startEnrolment(result.challenge);
      return setStep({ kind: 'TOTP_ENROL', challenge: result.challenge, enrolment });
    }
    if (result.next === 'PASSWORD_CHANGE') {
      return setStep({ kind: 'PASSWORD_CHANGE', challenge: result.challenge, reason: result.reason });
    }
    setStep({ kind: 'TOTP', challenge: result.challenge });
  };

  /** A challenge that expired sends the user back to the first step. */
  const guard = async (action: () => Promise<void>) => {
    try {
      await action();
    } catch (e) {
      if (e instanceof ApiError && e.code === 'CHALLENGE_INVALID') {
        setError(e);
        setStep({ kind: 'credentials' });
        return;
      }
      throw e;
    }
  };

  const signIn = async (values: Credentials) => {
    setBusy(true);
    setError(undefined);
    try {
      await proceed(
        await authApi.login({
          ...values,
          username: username ?? values.username,
          visitorId: visitorId ?? undefined,
        }),
      );
    } catch (e) {
      setError(e instanceof ApiError ? e : new ApiError(0, 'SERVICE_UNAVAILABLE'));
    } finally {
      setBusy(false);
    }
  };

  switch (step.kind) {
    case 'TOTP':
      return (
        <Suspense>
          <p>{t('auth.totpPrompt')}</p>
          <CodeForm
            submitText={t('auth.verify')}
            onSubmit={(code) => guard(async () => proceed(await authApi.secondFactor(step.challenge, code)))}
          />
        </Suspense>
      );
    case 'TOTP_ENROL':
      return step.enrolment ? (
        <Suspense>
          <EnrolTotp
            enrolment={step.enrolment}
            onConfirm={(code) =>
              guard(async () => {
                const { recoveryCodes, result } = await authApi.confirmEnrolment(step.challenge, code);
                setStep({ kind: 'RECOVERY_CODES', codes: recoveryCodes, result });
              })
            }
          />
        </Suspense>
      ) : null;
    case 'RECOVERY_CODES':
      return (
        <Suspense>
          <RecoveryCodes codes={step.codes} onDone={() => void proceed(step.result)} />
        </Suspense>
      );
    case 'PASSWORD_CHANGE':
      return (
        <>
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={t(`auth.mustChange.${step.reason ?? 'RESET'}`)}
          />
          <PasswordForm
            askCurrent
            submitText={t('auth.changeAndSignIn')}
            onSubmit={(newPassword, currentPassword) =>
              guard(async () =>
                proceed(
                  await authApi.changeRequiredPassword(step.challenge, currentPassword ?? '', newPassword),
                ),
              )
            }
          />
        </>
      );
    default:
      return (
        <>
          {notice && !error && notice}
          {error && (
            <Alert type="error" showIcon title={t(`error.${error.code}`)} style={{ marginBottom: 16 }} />
          )}
          <Form<Credentials>
            name="login"
            layout="vertical"
            onFinish={signIn}
            requiredMark={false}
            initialValues={username ? { username } : undefined}
          >
            <Form.Item name="username" label={t('auth.username')} rules={rules('username')}>
              <Input autoComplete="username" autoFocus={!username} disabled={Boolean(username)} />
            </Form.Item>
            <Form.Item name="password" label={t('auth.password')} rules={rules('password')}>
              <Input.Password autoComplete="current-password" autoFocus={Boolean(username)} />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              {t('auth.submit')}
            </Button>
          </Form>
        </>
      );
  }
}
