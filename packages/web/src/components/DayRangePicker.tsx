import dayjs, { type Dayjs } from 'dayjs';
import { type CSSProperties, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Calendar, DAY, parseDay } from './Calendar.tsx';
import { PickerShell, pickerInputProps, usePickerText } from './Picker.tsx';

export interface DayRange {
  from: string;
  to: string;
}

/** A range whose ends may be open (a list's filter). */
export interface OpenDayRange {
  from?: string;
  to?: string;
}

const day = (d: Dayjs) => d.format(DAY);

/** The presets of a reporting period, ending today (UTC days as the server counts them). */
export function rangePresets(today = dayjs()) {
  return {
    last7: { from: day(today.subtract(6, 'day')), to: day(today) },
    last30: { from: day(today.subtract(29, 'day')), to: day(today) },
    last90: { from: day(today.subtract(89, 'day')), to: day(today) },
    thisMonth: { from: day(today.startOf('month')), to: day(today) },
    lastMonth: {
      from: day(today.subtract(1, 'month').startOf('month')),
      to: day(today.subtract(1, 'month').endOf('month')),
    },
    yearToDate: { from: day(today.startOf('year')), to: day(today) },
    last12Months: { from: day(today.subtract(1, 'year').add(1, 'day')), to: day(today) },
  } satisfies Record<string, DayRange>;
}

const ordered = (a: string | undefined, b: string | undefined): OpenDayRange =>
  a && b && b < a ? { from: b, to: a } : { from: a, to: b };

interface DayRangeInputProps {
  value: OpenDayRange;
  onChange: (range: OpenDayRange) => void;
  /** Either end may stay empty, and a clear button empties both (a list's filter). */
  allowEmpty?: boolean;
  /** The two inputs' names (and, unless `placeholders`, their placeholders). */
  labels: [string, string];
  placeholders?: [string, string];
  /** The range as a whole (the group of the two inputs, the dialog). */
  label: string;
  presets?: { key: string; label: string; range: DayRange }[];
  disabledDate?: (day: Dayjs) => boolean;
  style?: CSSProperties;
}

/**
 * Two days in one box, "from → to", each typed (`2026-11-25`, Enter or leaving the field) or picked
 * from one calendar: the first click starts the range, the second completes it (the two swapped when
 * the second is the earlier), the days between highlighted as the pointer or the focus moves; presets
 * as buttons beside the calendar.
 */
export function DayRangeInput({
  value,
  onChange,
  allowEmpty = false,
  labels,
  placeholders = labels,
  label,
  presets,
  disabledDate,
  style,
}: DayRangeInputProps) {
  const dialogId = useId();
  const fromRef = useRef<HTMLInputElement>(null);
  const toRef = useRef<HTMLInputElement>(null);
  const lastInput = useRef<HTMLInputElement | null>(null);
  const [open, setOpen] = useState(false);
  const [focusPanel, setFocusPanel] = useState(0);
  const [first, setFirst] = useState<string>();
  const [hover, setHover] = useState<string>();
  const [focused, setFocused] = useState<'from' | 'to'>();

  const parse = (text: string) => {
    const d = parseDay(text);
    return d && !disabledDate?.(d) ? day(d) : undefined;
  };
  const fromText = usePickerText(value.from, parse, (v) => onChange(ordered(v, value.to)), allowEmpty);
  const toText = usePickerText(value.to, parse, (v) => onChange(ordered(value.from, v)), allowEmpty);

  const close = (commitStarted: boolean) => {
    if (commitStarted && first && allowEmpty) onChange({ from: first });
    setOpen(false);
    setFirst(undefined);
    setHover(undefined);
  };
  const done = (range: OpenDayRange) => {
    onChange(range);
    close(false);
    lastInput.current?.focus();
  };
  const pick = (d: string) => {
    if (!first) setFirst(d);
    else done(ordered(first, d));
  };

  const input = (end: 'from' | 'to') => {
    const text = end === 'from' ? fromText : toText;
    const ref = end === 'from' ? fromRef : toRef;
    return (
      <input
        {...pickerInputProps({
          open,
          dialogId,
          onOpen: (focus) => {
            setOpen(true);
            if (focus) setFocusPanel((n) => n + 1);
          },
          text,
          onClose: () => close(false),
        })}
        ref={ref}
        className={`picker-input${open && focused === end ? ' active' : ''}`}
        aria-label={labels[end === 'from' ? 0 : 1]}
        placeholder={placeholders[end === 'from' ? 0 : 1]}
        onFocus={(e) => {
          lastInput.current = e.currentTarget;
          setFocused(end);
        }}
      />
    );
  };

  return (
    <PickerShell
      open={open}
      onOpenChange={(o) => (o ? setOpen(true) : close(true))}
      dialogId={dialogId}
      dialogLabel={label}
      icon="calendar"
      range
      inputRef={lastInput}
      groupLabel={label}
      focusPanel={focusPanel}
      onClear={allowEmpty && (value.from || value.to) ? () => onChange({}) : undefined}
      style={style}
      panel={
        <>
          {presets && (
            <ul className="picker-presets">
              {presets.map((p) => (
                <li key={p.key}>
                  <button type="button" className="picker-preset" onClick={() => done(p.range)}>
                    {p.label}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <Calendar
            range={first ? ordered(first, hover ?? first) : value}
            onPick={pick}
            onActive={setHover}
            disabledDate={disabledDate}
          />
        </>
      }
    >
      {input('from')}
      <svg className="picker-arrow" viewBox="0 0 16 16" aria-hidden="true">
        <path d="M2 8h11M9 4l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.3" />
      </svg>
      {input('to')}
    </PickerShell>
  );
}

/** A period of days with the usual presets (last 7, 30, 90 days, this and last month, year to date, 12 months); no day after today. */
export function DayRangePicker({
  value,
  onChange,
}: {
  value: DayRange;
  onChange: (range: DayRange) => void;
}) {
  const { t } = useTranslation();
  const presets = rangePresets();
  return (
    <DayRangeInput
      value={value}
      onChange={(r) => {
        if (r.from && r.to) onChange({ from: r.from, to: r.to });
      }}
      label={t('common.period')}
      labels={[t('common.calendar.periodStart'), t('common.calendar.periodEnd')]}
      presets={Object.entries(presets).map(([key, range]) => ({
        key,
        label: t(`common.periods.${key}`),
        range,
      }))}
      disabledDate={(d) => d.isAfter(dayjs(), 'day')}
      style={{ width: 260 }}
    />
  );
}
