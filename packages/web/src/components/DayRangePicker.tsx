import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

export interface DayRange {
  from: string;
  to: string;
}

const day = (d: Dayjs) => d.format('YYYY-MM-DD');

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

/** A period of days with the usual presets (last 7, 30, 90 days, this and last month, year to date, 12 months). */
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
    <DatePicker.RangePicker
      allowClear={false}
      aria-label={t('common.period')}
      value={[dayjs(value.from), dayjs(value.to)]}
      disabledDate={(d) => d.isAfter(dayjs(), 'day')}
      presets={Object.entries(presets).map(([key, r]) => ({
        label: t(`common.periods.${key}`),
        value: [dayjs(r.from), dayjs(r.to)] as [Dayjs, Dayjs],
      }))}
      onChange={(dates) => {
        if (dates?.[0] && dates[1]) onChange({ from: day(dates[0]), to: day(dates[1]) });
      }}
    />
  );
}
