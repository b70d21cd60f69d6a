import {
  type ChallengeResponse,
  isChallenge,
  type LoginResponse,
  loginInput,
  type TokenResponse,
  type TotpEnrolment,
} from '@loyalty/contracts';
import { type FormEvent, lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { Notice, PlainButton, Spinner, TextField } from '../../components/plain.tsx';
import { issueText } from '../../components/zodRules.ts';
import { useAppSelector } from '../../state/store.ts';
import { authApi } from './api.ts';

// The steps after the password (antd forms, the QR code) load when a sign-in reaches them, not
// with the sign-in page (issue 24).
const Challenge = lazy(() => import('./ChallengeStep.tsx'));

/** A step the server asks for after the password. */
export type ChallengeStep =
  | { kind: 'TOTP'; challenge: string }
  | { kind: 'TOTP_ENROL'; challenge: string; enrolment: TotpEnrolment }
  | { kind: 'RECOVERY_CODES'; codes: string[]; result: LoginResponse }
  | { kind: 'PASSWORD_CHANGE'; challenge: string; reason?: ChallengeResponse['reason'] };
type Step = { kind: 'credentials' } | ChallengeStep;

interface Credentials {
  username: string;
  password: string;
}
type CredentialErrors = Partial<Record<keyof Credentials, string>>;

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

  if (step.kind !== 'credentials') {
    return (
      <Suspense fallback={<Spinner large />}>
        <Challenge
          step={step}
          proceed={proceed}
          guard={guard}
          showCodes={(codes, result) => setStep({ kind: 'RECOVERY_CODES', codes, result })}
        />
      </Suspense>
    );
  }
  return (
    <>
      {notice && !error && notice}
      {error && <Notice tone="error">{t(`error.${error.code}`)}</Notice>}
      <CredentialsForm username={username} busy={busy} onSubmit={signIn} />
    </>
  );
}

/**
 * Username and password, checked by the shared schema (`loginInput`) on submit and, after a first
 * submit, as they change. Plain HTML (components/plain.tsx): no antd on the sign-in page.
 */
function CredentialsForm({
  username,
  busy,
  onSubmit,
}: {
  username?: string;
  busy: boolean;
  onSubmit: (values: Credentials) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Credentials>({ username: username ?? '', password: '' });
  const [errors, setErrors] = useState<CredentialErrors | undefined>();

  const check = (next: Credentials): CredentialErrors => {
    const found: CredentialErrors = {};
    for (const issue of loginInput.safeParse(next).error?.issues ?? []) {
      const field = issue.path[0];
      if ((field === 'username' || field === 'password') && !found[field])
        found[field] = issueText(t, issue, next[field]);
    }
    return found;
  };
  const change = (field: keyof Credentials, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (errors) setErrors(check(next));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = check(values);
    setErrors(found);
    if (!found.username && !found.password) void onSubmit(values);
  };

  return (
    <form name="login" noValidate onSubmit={submit}>
      <TextField
        id="login_username"
        label={t('auth.username')}
        autoComplete="username"
        autoFocus={!username}
        disabled={Boolean(username)}
        value={values.username}
        onChange={(e) => change('username', e.target.value)}
        error={errors?.username}
      />
      <TextField
        id="login_password"
        type="password"
        label={t('auth.password')}
        autoComplete="current-password"
        autoFocus={Boolean(username)}
        value={values.password}
        onChange={(e) => change('password', e.target.value)}
        error={errors?.password}
      />
      <PlainButton type="submit" primary block loading={busy}>
        {t('auth.submit')}
      </PlainButton>
    </form>
  );
}
