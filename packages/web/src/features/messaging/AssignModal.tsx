import { Form, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceSelect } from '../../components/ChoiceSelect.tsx';
import { Modal } from '../../components/Modal.tsx';
import { type AssignTo, roleChoices, staffChoices } from './api.ts';

/**
 * "Assign by": to a staff member, or to a role (the server picks its active member with the
 * fewest open messages). `onAssign` resolves true when done, which closes the dialog.
 */
export function AssignModal({
  open,
  onClose,
  onAssign,
}: {
  open: boolean;
  onClose: () => void;
  onAssign: (to: AssignTo) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [by, setBy] = useState<'user' | 'role'>('user');
  const [value, setValue] = useState<number | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (value === undefined) return;
    setBusy(true);
    const done = await onAssign(by === 'user' ? { userId: value } : { roleId: value });
    setBusy(false);
    if (done) {
      setValue(undefined);
      onClose();
    }
  };

  return (
    <Modal
      open={open}
      title={t('messaging.assign.title')}
      okText={t('messaging.assign.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: value === undefined, loading: busy }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('messaging.assign.by')}>
          <Radio.Group
            value={by}
            onChange={(e) => {
              setBy(e.target.value);
              setValue(undefined);
            }}
            options={[
              { value: 'user', label: t('messaging.assign.person') },
              { value: 'role', label: t('messaging.assign.role') },
            ]}
          />
        </Form.Item>
        <Form.Item label={t(by === 'user' ? 'messaging.assign.user' : 'messaging.assign.roleField')}>
          <ChoiceSelect
            key={by}
            aria-label={t(by === 'user' ? 'messaging.assign.user' : 'messaging.assign.roleField')}
            options={by === 'user' ? staffChoices : roleChoices}
            value={value}
            onChange={(v?: number) => setValue(v ?? undefined)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
