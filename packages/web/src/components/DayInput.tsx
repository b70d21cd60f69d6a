import { DatePicker, TimePicker } from 'antd';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import type { CSSProperties } from 'react';

// `09:30` is not a date dayjs reads by itself.
dayjs.extend(customParseFormat);

const DAY = 'YYYY-MM-DD';
const TIME = 'HH:mm';

interface TextValueProps {
  id?: string;
  /** The value as the contracts carry it: `2026-11-25` for a day, `09:30` for a time of day. */
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  'aria-label'?: string;
  style?: CSSProperties;
}

/**
 * A day, picked from antd's calendar in the screen's language (Arabic month names, right to left)
 * or typed as `2026-11-25`, and handed to the form as that text: the forms and the contracts keep
 * their `YYYY-MM-DD` strings, while the browser's own date input (`mm/dd/yyyy` in Arabic) is gone.
 */
export function DayInput({ value, onChange, style, ...rest }: TextValueProps) {
  return (
    <DatePicker
      {...rest}
      format={DAY}
      value={value ? dayjs(value, DAY) : null}
      onChange={(d) => onChange?.(d ? d.format(DAY) : undefined)}
      style={{ width: '100%', ...style }}
    />
  );
}

/** A time of day, `09:30` (24-hour), the same way. */
export function TimeInput({ value, onChange, style, ...rest }: TextValueProps) {
  return (
    <TimePicker
      {...rest}
      format={TIME}
      needConfirm={false}
      value={value ? dayjs(value, TIME) : null}
      onChange={(d) => onChange?.(d ? d.format(TIME) : undefined)}
      style={{ width: '100%', ...style }}
    />
  );
}
