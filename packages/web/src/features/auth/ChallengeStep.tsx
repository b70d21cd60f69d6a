import type { LoginResponse } from '@loyalty/contracts';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert.tsx';
import { AntdProvider } from '../../components/AntdProvider.tsx';
import { CodeForm, EnrolTotp, RecoveryCodes } from '../../components/SecondFactor.tsx';
import { authApi } from './api.ts';
import { PasswordForm } from './PasswordForm.tsx';
import type { ChallengeStep as Step } from './SignInFlow.tsx';

/**
 * What the server asks after the password: a TOTP code, enrolling an authenticator (QR code, then
 * recovery codes), or a forced password change. Loaded when a sign-in reaches it, with antd (the
 * credentials form is drawn without it, issue 24).
 */
export default function ChallengeStep({
  step,
  proceed,
  guard,
  showCodes,
}: {
  step: Step;
  /** Goes on with the server's answer (a token ends the sign-in, a challenge opens its step). */
  proceed: (result: LoginResponse) => Promise<void>;
  /** Runs a step's request; an expired challenge sends the user back to the first step. */
  guard: (action: () => Promise<void>) => Promise<void>;
  showCodes: (codes: string[], result: LoginResponse) => void;
}) {
  const { t } = useTranslation();
  return <AntdProvider>{render()}</AntdProvider>;

  function render() {
    switch (step.kind) {
      case 'TOTP':
        return (
          <>
            <p>{t('auth.totpPrompt')}</p>
            <CodeForm
              submitText={t('auth.verify')}
              onSubmit={(code) =>
                guard(async () => proceed(await authApi.secondFactor(step.challenge, code)))
              }
            />
          </>
        );
      case 'TOTP_ENROL':
        return (
          <EnrolTotp
            enrolment={step.enrolment}
            onConfirm={(code) =>
              guard(async () => {
                const { recoveryCodes, result } = await authApi.confirmEnrolment(step.challenge, code);
                showCodes(recoveryCodes, result);
              })
            }
          />
        );
      case 'RECOVERY_CODES':
        return <RecoveryCodes codes={step.codes} onDone={() => void proceed(step.result)} />;
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
    }
  }
}
