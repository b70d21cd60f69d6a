import { DatePicker, Input } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ChoiceSelect } from './ChoiceSelect.tsx';
import type { Choices } from './resource.ts';

/** What the filter controls need from useListUrl. */
interface FilterState {
  filters: Record<string, string | undefined>;
  filter: (patch: Record<string, string | undefined>) => void;
}

/** A text filter kept in the URL under `name`; applied on Enter or the search button. */
export function SearchFilter({
  list,
  name,
  label,
  width = 200,
}: {
  list: FilterState;
  name: string;
  label: string;
  width?: number;
}) {
  const { t } = useTranslation();
  return (
    <Input.Search
      key={`${name}-${list.filters[name] ?? ''}`}
      defaultValue={list.filters[name]}
      allowClear
      placeholder={t(label)}
      aria-label={t(label)}
      onSearch={(v) => list.filter({ [name]: v.trim() })}
      style={{ maxWidth: width }}
    />
  );
}

/** A choice filter kept in the URL under `name` (as text: ids too come back from the URL as text). */
export function ChoiceFilter({
  list,
  name,
  label,
  options,
  width = 160,
}: {
  list: FilterState;
  name: string;
  label: string;
  options: Choices;
  width?: number;
}) {
  const { t } = useTranslation();
  return (
    <ChoiceSelect
      asText
      allowClear
      options={options}
      placeholder={t(label)}
      aria-label={t(label)}
      value={list.filters[name]}
      onChange={(value?: string) => list.filter({ [name]: value ?? undefined })}
      style={{ minWidth: width }}
    />
  );
}

/**
 * The `from`/`to` calendar days of a list (useListUrl turns them into instants): one antd range
 * picker, in the interface's language and direction (the native date inputs showed the browser's
 * `mm/dd/yyyy` on Arabic screens). Either end may stay open.
 */
export function DayRangeFilter({
  list,
  fromLabel,
  toLabel,
  width,
}: {
  list: FilterState;
  fromLabel: string;
  toLabel: string;
  width?: number;
}) {
  const { t } = useTranslation();
  const { from, to } = list.filters;
  const asDay = (value: string | undefined) => (value && dayjs(value).isValid() ? dayjs(value) : null);
  return (
    <DatePicker.RangePicker
      allowEmpty={[true, true]}
      aria-label={`${t(fromLabel)} – ${t(toLabel)}`}
      placeholder={[t(fromLabel), t(toLabel)]}
      value={[asDay(from), asDay(to)]}
      onChange={(days) =>
        list.filter({ from: days?.[0]?.format('YYYY-MM-DD'), to: days?.[1]?.format('YYYY-MM-DD') })
      }
      style={width ? { width: width * 2 } : undefined}
    />
  );
}
