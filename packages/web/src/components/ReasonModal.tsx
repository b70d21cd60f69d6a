import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from './Input.tsx';
import { Modal } from './Modal.tsx';
import { Typography } from './Typography.tsx';

/** Asks why (a rejection needs a reason); `onOk` gets the trimmed text. */
export function ReasonModal({
  open,
  title,
  required = true,
  onOk,
  onCancel,
}: {
  open: boolean;
  title: string;
  required?: boolean;
  onOk: (reason: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const ok = () => {
    if (required && !reason.trim()) return setMissing(true);
    onOk(reason.trim());
    setReason('');
    setMissing(false);
  };
  return (
    <Modal
      open={open}
      title={title}
      onOk={ok}
      onCancel={onCancel}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      <Input.TextArea
        rows={3}
        aria-label={t('approvals.fields.reason')}
        placeholder={t('approvals.fields.reason')}
        value={reason}
        status={missing ? 'error' : undefined}
        onChange={(e) => setReason(e.target.value)}
        maxLength={500}
      />
      {missing && <Typography.Text type="danger">{t('approvals.reasonRequired')}</Typography.Text>}
    </Modal>
  );
}
