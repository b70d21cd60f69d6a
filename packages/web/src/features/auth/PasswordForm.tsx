import { Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { Alert } from '../../components/Alert.tsx';
import { Input } from '../../components/Input.tsx';

interface Values {
  currentPassword?: string;
  newPassword: string;
  confirm: string;
}

/**
 * New password (typed twice), and the current one when `askCurrent`. The server applies the
 * credential policy; a refusal lists every rule the password breaks, in the user's language.
 */
export function PasswordForm({
  askCurrent,
  submitText,
  onSubmit,
}: {
  askCurrent: boolean;
  submitText: string;
  onSubmit: (newPassword: string, currentPassword: string | undefined) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<ApiError | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (values: Values) => {
    setBusy(true);
    setError(undefined);
    try {
      await onSubmit(values.newPassword, values.currentPassword);
    } catch (e) {
      setError(e instanceof ApiError ? e : new ApiError(0, 'SERVICE_UNAVAILABLE'));
    } finally {
      setBusy(false);
    }
  };
  const rules = error?.code === 'PASSWORD_REJECTED' ? error.errors.map((e) => e.message) : [];

  return (
    <Form<Values> form={form} layout="vertical" onFinish={submit} requiredMark={false} name="password">
      {error && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={t(`error.${error.code}`)}
          description={
            rules.length > 0 && (
              <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid="password-rules">
                {rules.map((rule) => (
                  <li key={rule}>{t(`auth.passwordRule.${rule}`)}</li>
                ))}
              </ul>
            )
          }
        />
      )}
      {askCurrent && (
        <Form.Item
          name="currentPassword"
          label={t('auth.currentPassword')}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <Input.Password autoComplete="current-password" autoFocus />
        </Form.Item>
      )}
      <Form.Item
        name="newPassword"
        label={t('auth.newPassword')}
        rules={[{ required: true, message: t('validation.required') }]}
      >
        <Input.Password autoComplete="new-password" autoFocus={!askCurrent} />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('auth.confirmPassword')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('validation.required') },
          ({ getFieldValue }) => ({
            validator: async (_rule, value) => {
              if (value && value !== getFieldValue('newPassword')) throw new Error(t('auth.passwordsDiffer'));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>
        {submitText}
      </Button>
    </Form>
  );
}
