import { CloseOutlined } from '@ant-design/icons';
import {
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import './dialog.css';
import './plain.css';

export interface DialogProps {
  open: boolean;
  /** `modal`: a panel at the top, centred (Modal.tsx); `drawer`: along the inline-end side (Drawer.tsx). */
  kind: 'modal' | 'drawer';
  title?: ReactNode;
  /** Beside the title, at the end (a drawer's actions). */
  extra?: ReactNode;
  footer?: ReactNode;
  /** Escape, the close button and a click on the mask ask for this (each where allowed). */
  onDismiss: () => void;
  closable: boolean;
  keyboard: boolean;
  maskClosable: boolean;
  maskStyle?: CSSProperties;
  panelStyle?: CSSProperties;
  /** Unmount the content when closed; else it stays, hidden, from its first opening (antd's rule). */
  destroyOnHidden?: boolean;
  children?: ReactNode;
}

// The dialogs open now, and the z-index the last one took: a dialog opened over another is above it
// (ReasonModal over RequestDrawer, the confirmation over a drawer), whatever their order in <body>.
let opened = 0;
let topZ = 1000;

/**
 * While any dialog is open the page under it does not scroll (dialog.css, `dialog-open`); a page
 * that had a scrollbar keeps its gutter (`dialog-open-gutter`), so it does not shift sideways by
 * the scrollbar's width as the dialog opens and closes. Measured before the lock hides it.
 */
function lockPage(locked: boolean) {
  const root = document.documentElement;
  root.classList.toggle('dialog-open-gutter', locked && window.innerWidth > root.clientWidth);
  root.classList.toggle('dialog-open', locked);
}

const tabbable =
  'a[href], button:not(:disabled), input:not(:disabled):not([type="hidden"]), select:not(:disabled), ' +
  'textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';
// A form's first field takes the focus on opening; of a radio group, its checked radio.
const field =
  'input:not(:disabled):not([type="hidden"]):not([type="radio"]), input[type="radio"]:checked:not(:disabled), ' +
  'select:not(:disabled), textarea:not(:disabled)';
// checkVisibility: not in a closed tab, a collapsed section… (jsdom has none: everything counts).
const shown = (e: HTMLElement) => !e.closest('[hidden]') && (e.checkVisibility?.() ?? true);
/** The elements under `root` that match, shown, in the document's order (jsdom's nwsapi gives a
 * selector list's matches selector by selector). */
const found = (root: Element | null, selector: string) =>
  [...(root?.querySelectorAll<HTMLElement>(selector) ?? [])]
    .filter(shown)
    .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));

/**
 * What Modal and Drawer share (antd's Modal and Drawer, 11.5 + 5.4 KB gzipped, replaced: issue 24): a
 * `<dialog aria-modal="true">` in <body> that is the mask (antd's colour, the whole window; a click on
 * it closes where allowed) around the panel, named by its title (`aria-labelledby`), with a close
 * button (`common.close`). Escape closes (a field's own Escape — a select's list, a picker — stops
 * there); Tab and Shift+Tab go round inside; the page under it does not scroll, nor shift (lockPage). On
 * opening, the focus goes to the field that asked for it (`autoFocus`), else the first field, else the
 * panel; on closing, it goes back where it was.
 *
 * Opened as antd's were (the `open` attribute, z-index 1000 up), not with `showModal()`: the top layer
 * would draw the dialog over everything antd and the app stack above antd's modals by z-index — the
 * toasts (antd's notification, 1050+), the full-screen loading overlay (2000: approving from the
 * request drawer shows it) and any antd popup opened from inside — and make them inert.
 */
export function Dialog({
  open,
  kind,
  title,
  extra,
  footer,
  onDismiss,
  closable,
  keyboard,
  maskClosable,
  maskStyle,
  panelStyle,
  destroyOnHidden,
  children,
}: DialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const wrap = useRef<HTMLDialogElement>(null);
  const panel = useRef<HTMLElement>(null);
  const body = useRef<HTMLDivElement>(null);
  /** Where the focus was when it came in (undefined: it has not come in since the dialog opened). */
  const opener = useRef<Element | null | undefined>(undefined);
  const downOnMask = useRef(false);

  // Nothing until first opened; then, closed, hidden with its content, unless destroyOnHidden.
  const [everOpen, setEverOpen] = useState(open);
  if (open && !everOpen) setEverOpen(true);

  useLayoutEffect(() => {
    const dialog = wrap.current;
    if (!open || !dialog) return;
    if (opened === 0) lockPage(true);
    opened += 1;
    topZ += 1;
    dialog.style.zIndex = String(topZ);
    // A field's autoFocus has taken the focus as it mounted: else the first field, else the panel.
    if (!dialog.contains(document.activeElement)) {
      (found(body.current, field)[0] ?? panel.current)?.focus();
    }
    return () => {
      opened -= 1;
      if (opened === 0) {
        topZ = 1000;
        lockPage(false);
      }
      // Once the commit is done (the dialog hidden or gone): back to the opener, unless the focus
      // has gone somewhere else meanwhile. Not when it is open again at once (StrictMode's rerun).
      queueMicrotask(() => {
        if (dialog.isConnected && dialog.hasAttribute('open')) return;
        const back = opener.current;
        opener.current = undefined;
        const now = document.activeElement;
        if (
          back instanceof HTMLElement &&
          back.isConnected &&
          (!now || now === document.body || dialog.contains(now))
        )
          back.focus();
      });
    };
  }, [open]);

  if (!open && (!everOpen || destroyOnHidden)) return null;

  // The handlers skip events from a dialog opened over this one (React bubbles them up to here).
  const own = (e: { target: EventTarget; currentTarget: Element }) =>
    e.currentTarget.contains(e.target as Node);
  const onFocus = (e: FocusEvent<HTMLDialogElement>) => {
    if (opener.current === undefined && own(e)) opener.current = e.relatedTarget;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key === 'Escape' && keyboard && !e.defaultPrevented && !e.nativeEvent.isComposing) {
      e.preventDefault();
      e.stopPropagation();
      onDismiss();
    } else if (e.key === 'Tab' && own(e)) {
      const stops = found(e.currentTarget, tabbable);
      const at = document.activeElement;
      const first = stops[0];
      const last = stops.at(-1);
      if (!first || !last) e.preventDefault();
      else if (e.shiftKey && (at === first || at === panel.current)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && at === last) {
        e.preventDefault();
        first.focus();
      }
    }
  };
  // A click on the mask, pressed there too (not a text selection begun in the panel). Pressing the
  // mask leaves the focus where it was, inside.
  const onMouseDown = (e: MouseEvent) => {
    downOnMask.current = e.target === e.currentTarget;
    if (downOnMask.current) e.preventDefault();
  };
  const onClick = (e: MouseEvent) => {
    if (downOnMask.current && e.target === e.currentTarget && maskClosable) onDismiss();
    downOnMask.current = false;
  };

  return createPortal(
    <dialog
      ref={wrap}
      open={open}
      hidden={!open}
      aria-modal="true"
      aria-labelledby={title ? titleId : undefined}
      className={`dialog plain ${kind}-wrap`}
      style={maskStyle}
      onFocus={onFocus}
      onKeyDown={onKeyDown}
      onMouseDown={onMouseDown}
      onClick={onClick}
    >
      <section ref={panel} tabIndex={-1} className={`dialog-panel ${kind}`} style={panelStyle}>
        <header className="dialog-header">
          {closable && (
            <button type="button" className="dialog-close" aria-label={t('common.close')} onClick={onDismiss}>
              <CloseOutlined />
            </button>
          )}
          {title && (
            <h2 id={titleId} className="dialog-title">
              {title}
            </h2>
          )}
          {extra && <div className="dialog-extra">{extra}</div>}
        </header>
        <div ref={body} className="dialog-body">
          {children}
        </div>
        {footer && <footer className="dialog-footer">{footer}</footer>}
      </section>
    </dialog>,
    document.body,
  );
}
