import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert.tsx';
import { Modal } from '../../components/Modal.tsx';
import { Typography } from '../../components/Typography.tsx';

/** A signing secret, shown once: copy it now, it is never shown again. */
export function SecretModal({ secret, onClose }: { secret: string | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={!!secret}
      title={t('webhooks.secret.title')}
      onOk={onClose}
      onCancel={onClose}
      footer={undefined}
    >
      <Alert type="warning" title={t('webhooks.secret.once')} />
      <Typography.Paragraph copyable code style={{ marginTop: 12, direction: 'ltr' }}>
        {secret}
      </Typography.Paragraph>
    </Modal>
  );
}
