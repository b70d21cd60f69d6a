import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Calendar, DAY, parseDay } from './Calendar.tsx';
import { useFieldDisabled } from './fieldDisabled.ts';
import { type FormItemProps, PickerShell, pickerInputProps, usePickerText } from './Picker.tsx';

interface TextValueProps extends FormItemProps {
  /** The value as the contracts carry it: `2026-11-25` for a day, `09:30` for a time of day. */
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
}

const dayText = (text: string) => parseDay(text)?.format(DAY);

/** `9:30`, `09:30` → `09:30`; anything else (`25:00`, `9.30`) undefined. */
export function parseTime(text: string): string | undefined {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return undefined;
  return `${m[1]?.padStart(2, '0')}:${m[2]}`;
}

/** One picker: a typed text, an icon, a popover. */
function TextPicker({
  value,
  onChange,
  parse,
  kind,
  placeholder,
  style,
  status,
  disabled: ownDisabled,
  ...input
}: TextValueProps & { parse: (text: string) => string | undefined; kind: 'day' | 'time' }) {
  const disabled = useFieldDisabled(ownDisabled);
  const { t } = useTranslation();
  const dialogId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [focusPanel, setFocusPanel] = useState(0);
  const current = value ?? undefined;
  const text = usePickerText(current, parse, (v) => onChange?.(v), true);
  const pick = (v: string, close = true) => {
    if (v !== current) onChange?.(v);
    if (close) {
      setOpen(false);
      inputRef.current?.focus();
    }
  };
  const onOpen = (focus: boolean) => {
    if (disabled) return;
    setOpen(true);
    if (focus) setFocusPanel((n) => n + 1);
  };

  return (
    <PickerShell
      open={open}
      onOpenChange={setOpen}
      dialogId={dialogId}
      dialogLabel={t(kind === 'day' ? 'common.calendar.chooseDay' : 'common.calendar.chooseTime')}
      icon={kind === 'day' ? 'calendar' : 'clock'}
      inputRef={inputRef}
      focusPanel={focusPanel}
      status={status}
      disabled={disabled}
      aria-invalid={input['aria-invalid']}
      style={style}
      panel={
        kind === 'day' ? (
          <Calendar value={parseDay(current) ? current : undefined} onPick={(d) => pick(d)} />
        ) : (
          <TimeColumns value={current} onPick={pick} />
        )
      }
    >
      <input
        {...input}
        {...pickerInputProps({
          open,
          dialogId,
          onOpen,
          text,
          onClose: () => setOpen(false),
        })}
        ref={inputRef}
        className="picker-input"
        disabled={disabled}
        placeholder={
          placeholder ??
          t(kind === 'day' ? 'common.calendar.dayPlaceholder' : 'common.calendar.timePlaceholder')
        }
      />
    </PickerShell>
  );
}

/**
 * A day, picked from a calendar in the screen's language (Arabic month names, the week from
 * Saturday, right to left) or typed as `2026-11-25`, and handed to the form as that text: the forms
 * and the contracts keep their `YYYY-MM-DD` strings, while the browser's own date input
 * (`mm/dd/yyyy` in Arabic) is gone. Takes what antd's Form.Item hands a control (id, aria-invalid,
 * aria-describedby, status).
 */
export function DayInput(props: TextValueProps) {
  return <TextPicker {...props} parse={dayText} kind="day" />;
}

/** A time of day, `09:30` (24-hour), the same way: typed, or an hour and a minute picked from two columns. */
export function TimeInput(props: TextValueProps) {
  return <TextPicker {...props} parse={parseTime} kind="time" />;
}

const HOURS = Array.from({ length: 24 }, (_, i) => String(i).padStart(2, '0'));
const MINUTES = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));

/**
 * antd TimePicker's two columns, each a listbox (one tab stop; Up, Down, Home, End move, Enter or
 * Space or a click picks; Left and Right go to the other column). A pick commits once both an hour
 * and a minute are known; the minute closes the popover.
 */
function TimeColumns({ value, onPick }: { value?: string; onPick: (time: string, close?: boolean) => void }) {
  const { t } = useTranslation();
  const known = value ? parseTime(value) : undefined;
  const [hour, setHour] = useState(known?.slice(0, 2));
  const [minute, setMinute] = useState(known?.slice(3));
  const lists = useRef<HTMLDivElement>(null);

  const choose = (column: 'hour' | 'minute', v: string) => {
    const h = column === 'hour' ? v : hour;
    const m = column === 'minute' ? v : minute;
    setHour(h);
    setMinute(m);
    if (h && m) onPick(`${h}:${m}`, column === 'minute');
  };

  return (
    <div ref={lists} className="picker-time">
      <TimeColumn
        label={t('common.calendar.hours')}
        options={HOURS}
        selected={hour}
        onChoose={(v) => choose('hour', v)}
        other={() => lists.current?.querySelectorAll<HTMLElement>('[tabindex="0"]')[1]}
      />
      <TimeColumn
        label={t('common.calendar.minutes')}
        options={MINUTES}
        selected={minute}
        onChoose={(v) => choose('minute', v)}
        other={() => lists.current?.querySelectorAll<HTMLElement>('[tabindex="0"]')[0]}
      />
    </div>
  );
}

function TimeColumn({
  label,
  options,
  selected,
  onChoose,
  other,
}: {
  label: string;
  options: string[];
  selected?: string;
  onChoose: (v: string) => void;
  other: () => HTMLElement | undefined;
}) {
  const [active, setActive] = useState(selected ?? options[0] ?? '');
  const list = useRef<HTMLUListElement>(null);
  // The selected option at the column's top when the popover opens, as in antd.
  const scrolled = useRef(false);
  const listRef = (el: HTMLUListElement | null) => {
    list.current = el;
    if (!el || scrolled.current) return;
    scrolled.current = true;
    const option = el.querySelector<HTMLElement>('[aria-selected="true"]');
    if (option) el.scrollTop = option.offsetTop - el.offsetTop;
  };
  const move = (v: string) => {
    setActive(v);
    const option = list.current?.querySelector<HTMLElement>(`[data-value="${v}"]`);
    option?.focus();
    option?.scrollIntoView?.({ block: 'nearest' });
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const at = options.indexOf(active);
    const to: Record<string, number> = {
      ArrowUp: Math.max(at - 1, 0),
      ArrowDown: Math.min(at + 1, options.length - 1),
      Home: 0,
      End: options.length - 1,
    };
    const next = to[e.key];
    if (next !== undefined) {
      e.preventDefault();
      move(options[next] ?? active);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onChoose(active);
    } else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      e.preventDefault();
      other()?.focus();
    }
  };
  return (
    <ul
      ref={listRef}
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a list of options, after WAI-ARIA's listbox
      role="listbox"
      aria-label={label}
      className="picker-column"
      onKeyDown={onKeyDown}
      onClick={(e) => {
        const v = (e.target as Element).closest<HTMLElement>('[data-value]')?.dataset.value;
        if (!v) return;
        setActive(v);
        onChoose(v);
      }}
    >
      {options.map((v) => (
        <li
          key={v}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the listbox's option
          role="option"
          data-value={v}
          aria-selected={v === selected}
          tabIndex={v === active ? 0 : -1}
          className="picker-option"
        >
          {v}
        </li>
      ))}
    </ul>
  );
}
