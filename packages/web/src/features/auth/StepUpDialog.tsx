import { useTranslation } from 'react-i18next';
import { accountApi } from '../../api/account.ts';
import { Modal } from '../../components/Modal.tsx';
import { CodeForm } from '../../components/SecondFactor.tsx';
import { Typography } from '../../components/Typography.tsx';

/** The step-up dialog (StepUpPrompt.tsx): a valid code steps the session up; Cancel gives up. */
export default function StepUpDialog({ open, onDone }: { open: boolean; onDone: (ok: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('auth.stepUpTitle')}
      footer={null}
      onCancel={() => onDone(false)}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('auth.stepUpText')}</Typography.Paragraph>
      <CodeForm
        submitText={t('auth.verify')}
        onSubmit={async (code) => {
          await accountApi.stepUp(code);
          onDone(true);
        }}
      />
    </Modal>
  );
}
