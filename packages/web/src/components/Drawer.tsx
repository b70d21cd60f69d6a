import type { ReactNode } from 'react';
import { Dialog } from './Dialog.tsx';
import './drawer.css';

const sizes = { default: 378, large: 736 };

export interface DrawerProps {
  open?: boolean;
  title?: ReactNode;
  /** antd's widths: 378 px, or 736 px `large`. */
  size?: keyof typeof sizes;
  /** The close button, Escape, the mask. */
  onClose?: () => void;
  /** At the header's end (the record's actions). */
  extra?: ReactNode;
  /** The content unmounted when closed (else kept, hidden, with its state, from its first opening). */
  destroyOnHidden?: boolean;
  children?: ReactNode;
}

/**
 * A panel sliding in from the inline-end side (right in English, left in Arabic) over a mask, in
 * antd Drawer's look, under the part of its props the screens use (the shared behaviour — focus,
 * Escape, mask, stacking — in Dialog.tsx).
 */
export function Drawer({
  open = false,
  title,
  size = 'default',
  onClose,
  extra,
  destroyOnHidden,
  children,
}: DrawerProps) {
  return (
    <Dialog
      open={open}
      kind="drawer"
      title={title}
      extra={extra}
      onDismiss={() => onClose?.()}
      closable
      keyboard
      maskClosable
      panelStyle={{ inlineSize: sizes[size] }}
      destroyOnHidden={destroyOnHidden}
    >
      {children}
    </Dialog>
  );
}
