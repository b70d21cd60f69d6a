import {
  type ChangeEvent,
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldDisabled } from './fieldDisabled.ts';
import './picker.css';
import { usePopover } from './popover.ts';

/** What antd's Form.Item hands its control besides id, value and onChange. */
export interface FormItemProps {
  id?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
  'aria-required'?: boolean | 'true' | 'false';
  /** antd's validation status: `error` draws the red border, as antd's inputs do. */
  status?: 'error' | 'warning' | '';
  disabled?: boolean;
  style?: CSSProperties;
}

/**
 * The typed text of a picker's input: shown while edited, committed on Enter or when the field is
 * left (a valid text, or an empty one where emptiness is allowed), else reverted to the value.
 */
export function usePickerText(
  value: string | undefined,
  parse: (text: string) => string | undefined,
  onCommit: (value: string | undefined) => void,
  allowEmpty: boolean,
) {
  const [draft, setDraft] = useState<string | null>(null);
  return {
    text: draft ?? value ?? '',
    edited: draft !== null,
    edit: setDraft,
    /** Commits the draft if any; true when it changed the value. */
    commit: () => {
      if (draft === null) return false;
      setDraft(null);
      const text = draft.trim();
      const next = text === '' ? (allowEmpty ? undefined : value) : (parse(text) ?? value);
      if (next === value) return false;
      onCommit(next);
      return true;
    },
  };
}

interface PickerShellProps extends FormItemProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The popover's content (a calendar, the time columns, the presets). */
  panel: ReactNode;
  dialogId: string;
  dialogLabel: string;
  icon: 'calendar' | 'clock';
  /** Shows a clear button while there is something to clear. */
  onClear?: () => void;
  /** Two inputs in one box (a range). */
  range?: boolean;
  /** A range's name: its box is a group of the two inputs. */
  groupLabel?: string;
  /** Raised to move the focus into the popover (its one tab stop: the active day, the hour). */
  focusPanel: number;
  /** The input the focus returns to when the popover closes by Escape or a pick. */
  inputRef: RefObject<HTMLInputElement | null>;
  children: ReactNode;
}

/**
 * The box of a day, time or range picker in antd's input look (red border when its form field is
 * invalid), with its popover: under the input, turned to end at the input's end when it would leave
 * the window, above it when there is no room below; closed by Escape (the focus back in the input),
 * a click outside, or Tab out of it.
 */
export function PickerShell({
  open,
  onOpenChange,
  panel,
  dialogId,
  dialogLabel,
  icon,
  onClear,
  range,
  groupLabel,
  inputRef,
  focusPanel,
  status,
  disabled: ownDisabled,
  style,
  children,
  ...aria
}: PickerShellProps) {
  const disabled = useFieldDisabled(ownDisabled);
  const { t } = useTranslation();
  const wrap = useRef<HTMLDivElement>(null);
  const popover = useRef<HTMLDivElement>(null);
  const place = usePopover(open, () => onOpenChange(false), wrap, popover);

  const focused = useRef(focusPanel);
  useEffect(() => {
    if (!open || focusPanel === focused.current) return;
    focused.current = focusPanel;
    popover.current?.querySelector<HTMLElement>('[tabindex="0"]')?.focus();
  }, [open, focusPanel]);

  const focusInput = () => (inputRef.current ?? wrap.current?.querySelector('input'))?.focus();
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      onOpenChange(false);
      focusInput();
    }
  };
  // Tab (or a script) moving the focus elsewhere closes the popover; a click outside is the listener's.
  const onBlur = (e: FocusEvent) => {
    const to = e.relatedTarget as Node | null;
    if (open && to && !wrap.current?.contains(to)) onOpenChange(false);
  };
  const invalid = status === 'error' || aria['aria-invalid'] === true || aria['aria-invalid'] === 'true';

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape and focus leaving, from the inputs and the dialog inside
    <div
      ref={wrap}
      className={[
        'picker',
        range && 'range',
        invalid && 'error',
        status === 'warning' && 'warning',
        disabled && 'disabled',
      ]
        .filter(Boolean)
        .join(' ')}
      style={style}
      {...(groupLabel ? { role: 'group', 'aria-label': groupLabel } : {})}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      {children}
      {onClear && !disabled && (
        <button
          type="button"
          className="picker-clear"
          aria-label={t('common.clear')}
          onClick={() => {
            onClear();
            focusInput();
          }}
        />
      )}
      {/* A pointer's shortcut to the input's Enter and ArrowDown. */}
      <span
        className={`picker-icon ${icon}`}
        aria-hidden="true"
        onMouseDown={(e) => {
          e.preventDefault();
          if (disabled) return;
          focusInput();
          onOpenChange(!open);
        }}
      />
      {open && (
        // A click in the popover keeps the focus where it is (the input being typed in, or the day).
        <div
          ref={popover}
          id={dialogId}
          role="dialog"
          aria-label={dialogLabel}
          className={`popover picker-popover ${place}`}
          onMouseDown={(e) => e.preventDefault()}
        >
          {panel}
        </div>
      )}
    </div>
  );
}

/**
 * The props every picker input shares: the popover's ARIA, opening from the keyboard, and the typed
 * text (shown, edited, committed on leaving the field or by Enter, which closes the popover).
 */
export function pickerInputProps({
  open,
  dialogId,
  onOpen,
  text,
  onClose,
}: {
  open: boolean;
  dialogId: string;
  /** `focusPanel`: opened from the keyboard, the focus goes into the popover. */
  onOpen: (focusPanel: boolean) => void;
  text: ReturnType<typeof usePickerText>;
  onClose: () => void;
}) {
  return {
    type: 'text',
    // WAI-ARIA's date picker combobox: a text field whose popup is a dialog (a textbox has no aria-expanded).
    role: 'combobox',
    autoComplete: 'off',
    spellCheck: false,
    'aria-haspopup': 'dialog' as const,
    'aria-expanded': open,
    'aria-controls': open ? dialogId : undefined,
    value: text.text,
    onChange: (e: ChangeEvent<HTMLInputElement>) => text.edit(e.target.value),
    onBlur: () => text.commit(),
    onClick: () => {
      if (!open) onOpen(false);
    },
    onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => {
      if (e.key === 'Enter') {
        // Never the form's submit: Enter confirms the picker's text, as in antd's pickers.
        e.preventDefault();
        if (!text.edited) return onOpen(true);
        text.commit();
        onClose();
      } else if (e.key === 'ArrowDown') {
        e.preventDefault();
        onOpen(true);
      }
    },
  };
}
