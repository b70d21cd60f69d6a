import { Flex } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DAY } from '../../components/Calendar.tsx';
import { DayInput, TimeInput } from '../../components/DayInput.tsx';
import type { FormItemProps } from '../../components/Picker.tsx';

export type Period = [Dayjs | null, Dayjs | null] | null;

const TIME = 'HH:mm';
/** A day picked without a time starts at its first minute, or ends at its last. */
const DEFAULT_TIME = ['00:00', '23:59'] as const;

/**
 * A campaign's period: when it starts and when it ends, each a day and a time of day in the
 * browser's time zone (the form sends instants). One form field: its error and red border cover
 * both ends, as the server names either end's fault as the period's.
 */
export function PeriodInput({
  id,
  value,
  onChange,
  status,
  'aria-invalid': invalid,
}: FormItemProps & { value?: Period; onChange?: (period: Period) => void }) {
  const { t } = useTranslation();
  const ends = value ?? [null, null];
  const change = (end: 0 | 1, part: { day?: string | undefined; time?: string | undefined }) => {
    const now = ends[end];
    const day = 'day' in part ? part.day : now?.format(DAY);
    const time = part.time ?? now?.format(TIME) ?? DEFAULT_TIME[end];
    const at = day ? dayjs(`${day}T${time}`) : null;
    onChange?.(end === 0 ? [at, ends[1]] : [ends[0], at]);
  };
  const rows = [
    ['startsAt', 'startsAtTime'],
    ['endsAt', 'endsAtTime'],
  ] as const;
  return (
    <Flex vertical gap={8}>
      {rows.map(([dayLabel, timeLabel], end) => {
        const at = ends[end as 0 | 1];
        return (
          <Flex key={dayLabel} gap={8} align="center">
            <span aria-hidden="true" style={{ minWidth: 48 }}>
              {t(`campaigns.fields.${dayLabel}`)}
            </span>
            <DayInput
              id={end === 0 ? id : undefined}
              aria-label={t(`campaigns.fields.${dayLabel}`)}
              aria-invalid={invalid}
              status={status}
              value={at?.format(DAY)}
              onChange={(day) => change(end as 0 | 1, { day })}
            />
            <TimeInput
              aria-label={t(`campaigns.fields.${timeLabel}`)}
              aria-invalid={invalid}
              status={status}
              value={at?.format(TIME)}
              onChange={(time) => change(end as 0 | 1, { time })}
              style={{ width: 110, flex: 'none' }}
            />
          </Flex>
        );
      })}
    </Flex>
  );
}
