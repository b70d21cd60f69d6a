import { type NotificationArgsProps, notification } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { AntdProvider } from '../components/AntdProvider.tsx';
import { Modal } from '../components/Modal.tsx';
import { takeConfirmationHandlers } from '../state/confirm.ts';
import { hideConfirmation } from '../state/confirmation.ts';
import { useAppDispatch, useAppSelector } from '../state/store.ts';
import type { ToastSeverity } from '../state/toast.ts';

const iconOf: Record<ToastSeverity, NotificationArgsProps['type']> = {
  success: 'success',
  info: 'info',
  warn: 'warning',
  error: 'error',
};

/** Shows each new toast of the store: top-right, mirrored to top-left in Arabic (spec §9). */
export function ToastHost({ rtl }: { rtl: boolean }) {
  const toast = useAppSelector((s) => s.toast);
  const [api, holder] = notification.useNotification({ placement: rtl ? 'topLeft' : 'topRight' });
  const shown = useRef(0);

  useEffect(() => {
    if (toast.id === 0 || toast.id === shown.current) return;
    shown.current = toast.id;
    api.open({
      key: toast.id,
      type: iconOf[toast.severity],
      title: toast.summary,
      description: toast.detail || undefined,
      duration: toast.sticky ? false : toast.life / 1000,
      role: toast.severity === 'error' ? 'alert' : 'status',
      props: { 'data-testid': 'toast' },
    });
  }, [toast, api]);

  return <AntdProvider>{holder}</AntdProvider>;
}

/** The confirmation modal driven by the `confirmation` slice; handlers come from confirm.ts. */
export function ConfirmModal() {
  const dispatch = useAppDispatch();
  const { visible, header, message, confirmButtonText, cancelButtonText } = useAppSelector(
    (s) => s.confirmation,
  );
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    const { handleConfirm, consequenceFunction } = takeConfirmationHandlers();
    setBusy(true);
    try {
      await handleConfirm?.();
      consequenceFunction?.();
    } finally {
      setBusy(false);
      dispatch(hideConfirmation());
    }
  };
  const cancel = () => {
    takeConfirmationHandlers().handleCancel?.();
    dispatch(hideConfirmation());
  };

  return (
    <AntdProvider>
      <Modal
        open={visible}
        title={header}
        okText={confirmButtonText}
        cancelText={cancelButtonText}
        confirmLoading={busy}
        onOk={confirm}
        onCancel={cancel}
        destroyOnHidden
      >
        {message}
      </Modal>
    </AntdProvider>
  );
}
