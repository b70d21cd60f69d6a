import { Button, type ButtonProps } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './Dialog.tsx';
import './modal.css';

export interface ModalProps {
  open?: boolean;
  title?: ReactNode;
  /** The OK button. */
  onOk?: () => void;
  /** Cancel, the close button, Escape, the mask: ignored while `confirmLoading`, as antd's. */
  onCancel?: () => void;
  okText?: ReactNode;
  cancelText?: ReactNode;
  okButtonProps?: ButtonProps;
  cancelButtonProps?: ButtonProps;
  /** The OK button spins (the work it started is under way). */
  confirmLoading?: boolean;
  /** `null`: no buttons (the content has its own); unset: Cancel and OK. */
  footer?: ReactNode;
  /** In pixels; 520 unless told. */
  width?: number;
  /** `false`: no close button. */
  closable?: boolean;
  /** `{ closable: false }`: a click on the mask does not close. */
  mask?: { closable?: boolean };
  /** `false`: Escape does not close. */
  keyboard?: boolean;
  /** The mask's style (a blur of the page under it). */
  styles?: { mask?: CSSProperties };
  /** The content unmounted when closed (else kept, hidden, with its state, from its first opening). */
  destroyOnHidden?: boolean;
  children?: ReactNode;
}

/**
 * A modal dialog in antd Modal's look, under the part of its props the screens use (the shared
 * behaviour — focus, Escape, mask, stacking — in Dialog.tsx). The footer's buttons are antd's.
 */
export function Modal({
  open = false,
  title,
  onOk,
  onCancel,
  okText,
  cancelText,
  okButtonProps,
  cancelButtonProps,
  confirmLoading,
  footer,
  width = 520,
  closable = true,
  mask,
  keyboard = true,
  styles,
  destroyOnHidden,
  children,
}: ModalProps) {
  const { t } = useTranslation();
  const cancel = () => {
    if (!confirmLoading) onCancel?.();
  };
  const buttons =
    footer === undefined ? (
      <>
        <Button
          {...cancelButtonProps}
          onClick={(e) => {
            cancel();
            cancelButtonProps?.onClick?.(e);
          }}
        >
          {cancelText ?? t('common.cancel')}
        </Button>
        <Button
          type="primary"
          loading={confirmLoading}
          {...okButtonProps}
          onClick={(e) => {
            onOk?.();
            okButtonProps?.onClick?.(e);
          }}
        >
          {okText ?? t('common.ok')}
        </Button>
      </>
    ) : (
      footer
    );
  return (
    <Dialog
      open={open}
      kind="modal"
      title={title}
      footer={buttons}
      onDismiss={cancel}
      closable={closable}
      keyboard={keyboard}
      maskClosable={mask?.closable ?? true}
      maskStyle={styles?.mask}
      panelStyle={{ inlineSize: width }}
      destroyOnHidden={destroyOnHidden}
    >
      {children}
    </Dialog>
  );
}
