import { Modal, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountApi } from '../../api/account.ts';
import { connectStepUp } from '../../api/client.ts';
import { CodeForm } from '../../components/SecondFactor.tsx';

/**
 * Step-up for protected operations: when the server answers 403 STEP_UP_REQUIRED (an SCA rule
 * covers approvals or security changes), the API client waits on this dialog; a valid code
 * steps the session up for five minutes and the request is sent again.
 */
export function StepUpPrompt() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const settle = useRef<((ok: boolean) => void) | undefined>(undefined);

  useEffect(() => {
    connectStepUp(
      () =>
        new Promise<boolean>((resolve) => {
          settle.current?.(false);
          settle.current = resolve;
          setOpen(true);
        }),
    );
    return () => connectStepUp(undefined);
  }, []);

  const finish = (ok: boolean) => {
    settle.current?.(ok);
    settle.current = undefined;
    setOpen(false);
  };

  return (
    <Modal
      open={open}
      title={t('auth.stepUpTitle')}
      footer={null}
      onCancel={() => finish(false)}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('auth.stepUpText')}</Typography.Paragraph>
      <CodeForm
        submitText={t('auth.verify')}
        onSubmit={async (code) => {
          await accountApi.stepUp(code);
          finish(true);
        }}
      />
    </Modal>
  );
}
