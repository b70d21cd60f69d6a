import { useTranslation } from 'react-i18next';
import { parseDay } from './Calendar.tsx';
import { ChoiceSelect } from './ChoiceSelect.tsx';
import { DayRangeInput } from './DayRangePicker.tsx';
import { Input } from './Input.tsx';
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
 * The `from`/`to` calendar days of a list (useListUrl turns them into instants): one range picker
 * (components/DayRangePicker.tsx), in the interface's language and direction (the native date inputs
 * showed the browser's `mm/dd/yyyy` on Arabic screens). Either end may stay open; clearable.
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
  const asDay = (value: string | undefined) => (parseDay(value) ? value : undefined);
  return (
    <DayRangeInput
      allowEmpty
      label={`${t(fromLabel)} – ${t(toLabel)}`}
      labels={[t(fromLabel), t(toLabel)]}
      value={{ from: asDay(list.filters.from), to: asDay(list.filters.to) }}
      onChange={(days) => list.filter({ from: days.from, to: days.to })}
      style={{ width: width ? width * 2 : 280 }}
    />
  );
}
