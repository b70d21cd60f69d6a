import type { TotpEnrolment } from '@loyalty/contracts';
import { Button, Flex, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client.ts';
import { Alert } from './Alert.tsx';
import { Input } from './Input.tsx';
import { LineList } from './LineList.tsx';
import { Typography } from './Typography.tsx';

interface CodeValues {
  code: string;
  password?: string;
}

/**
 * Asks for a 6-digit code from the authenticator app (or a recovery code), and first for the
 * current password when `askPassword` (enrolling from a session).
 */
export function CodeForm({
  onSubmit,
  submitText,
  allowRecovery = true,
  askPassword = false,
}: {
  onSubmit: (code: string, password: string) => Promise<void>;
  submitText: string;
  allowRecovery?: boolean;
  askPassword?: boolean;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CodeValues>();
  const [error, setError] = useState<ApiError | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async ({ code, password }: CodeValues) => {
    setBusy(true);
    setError(undefined);
    try {
      await onSubmit(code.trim(), password ?? '');
    } catch (e) {
      setError(e instanceof ApiError ? e : new ApiError(0, 'SERVICE_UNAVAILABLE'));
      form.resetFields();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} name="second-factor">
      {error && <Alert type="error" showIcon title={t(`error.${error.code}`)} style={{ marginBottom: 16 }} />}
      {askPassword && (
        <Form.Item
          name="password"
          label={t('auth.currentPassword')}
          extra={t('auth.enrolPasswordHint')}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <Input.Password autoComplete="current-password" autoFocus />
        </Form.Item>
      )}
      <Form.Item
        name="code"
        label={t('auth.code')}
        extra={allowRecovery ? t('auth.codeHint') : undefined}
        rules={[{ required: true, message: t('validation.required') }]}
      >
        <Input
          autoComplete="one-time-code"
          inputMode={allowRecovery ? 'text' : 'numeric'}
          maxLength={20}
          autoFocus={!askPassword}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>
        {submitText}
      </Button>
    </Form>
  );
}

/**
 * The QR code and secret of a new TOTP authenticator, then the code that confirms it — with the
 * current password when `askPassword` (from a session; at sign-in the password was just given).
 */
export function EnrolTotp({
  enrolment,
  onConfirm,
  askPassword = false,
}: {
  enrolment: TotpEnrolment;
  onConfirm: (code: string, password: string) => Promise<void>;
  askPassword?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph>{t('auth.enrolIntro')}</Typography.Paragraph>
      <Flex justify="center">
        <img src={enrolment.qrCode} alt={t('auth.qrAlt')} width={200} height={200} data-testid="totp-qr" />
      </Flex>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
        {t('auth.enrolManual')}{' '}
        <Typography.Text code copyable data-testid="totp-secret">
          {enrolment.secret}
        </Typography.Text>
      </Typography.Paragraph>
      <CodeForm
        onSubmit={onConfirm}
        submitText={t('auth.enrolConfirm')}
        allowRecovery={false}
        askPassword={askPassword}
      />
    </Flex>
  );
}

/** Recovery codes, shown once after an enrolment. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={12}>
      <Alert type="warning" showIcon title={t('auth.recoveryTitle')} description={t('auth.recoveryText')} />
      <LineList
        items={codes}
        render={(code) => <Typography.Text code>{code}</Typography.Text>}
        data-testid="recovery-codes"
      />
      <Typography.Text copyable={{ text: codes.join('\n') }}>{t('auth.copyAll')}</Typography.Text>
      <Button type="primary" block onClick={onDone}>
        {t('auth.recoverySaved')}
      </Button>
    </Flex>
  );
}
