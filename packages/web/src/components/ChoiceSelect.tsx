import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDataLang } from './localized.tsx';
import type { Choice, Choices, RemoteChoices } from './resource.ts';
import { Select, type SelectProps } from './Select.tsx';

type ChoiceSelectProps = {
  options: Choices;
  /** Values as strings (list filters, whose values come from the URL). */
  asText?: boolean;
} & Omit<SelectProps, 'options'>;

/**
 * A select over fixed choices (translated, filtered in the browser) or choices searched on the
 * server as the user types (see `RemoteChoices`): no list is ever cut short silently.
 */
export function ChoiceSelect({ options, ...props }: ChoiceSelectProps) {
  return Array.isArray(options) ? (
    <FixedChoiceSelect options={options} {...props} />
  ) : (
    <RemoteChoiceSelect options={options} {...props} />
  );
}

const asValue = (choice: Choice, asText: boolean) =>
  asText ? { ...choice, value: String(choice.value) } : choice;

function FixedChoiceSelect({ options, asText = false, ...props }: ChoiceSelectProps & { options: Choice[] }) {
  const { t } = useTranslation();
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      options={options.map((o) => asValue({ value: o.value, label: t(o.label) }, asText))}
      {...props}
    />
  );
}

/** Typing pauses this long before the server is asked. */
export const SEARCH_DEBOUNCE_MS = 300;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function RemoteChoiceSelect({
  options,
  asText = false,
  value,
  onChange,
  ...props
}: ChoiceSelectProps & { options: RemoteChoices }) {
  const lang = useDataLang();
  const [typed, setTyped] = useState('');
  // The choice picked last (from whichever search), so an uncontrolled select keeps its label.
  const [picked, setPicked] = useState<Choice | undefined>();
  const q = useDebounced(typed.trim(), SEARCH_DEBOUNCE_MS) || undefined;
  const found = useQuery({
    queryKey: ['choices', options.key, 'search', q ?? ''],
    queryFn: ({ signal }) => options.search(q, signal),
    placeholderData: keepPreviousData,
  });
  // The first page (no search) holds most selected values; a value beyond it is fetched by id,
  // so its label shows instead of a bare id.
  const first = useQuery({
    queryKey: ['choices', options.key, 'search', ''],
    queryFn: ({ signal }) => options.search(undefined, signal),
  });
  // The selected values: one, or several (`mode="multiple"`), none when empty.
  const current = value === undefined ? picked?.value : value;
  const selected = (Array.isArray(current) ? current : [current]).filter(
    (v): v is string | number => v !== undefined && v !== null && v !== '',
  );
  const knownOf = (v: string | number) => {
    const same = (c: Choice) => String(c.value) === String(v);
    return first.data?.find(same) ?? found.data?.find(same) ?? (picked && same(picked) ? picked : undefined);
  };
  const missing = first.isSuccess ? selected.filter((v) => !knownOf(v)) : [];
  const fetched = useQueries({
    queries: missing.map((v) => ({
      queryKey: ['choices', options.key, 'id', String(v)],
      queryFn: ({ signal }: { signal: AbortSignal }) => options.byId(v, signal),
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    })),
  });
  const labels = [...selected.map(knownOf), ...fetched.map((q) => q.data)].filter(
    (c): c is Choice => c !== undefined,
  );
  const shown = found.data ?? [];
  const choices = [
    ...labels.filter((l) => !shown.some((c) => String(c.value) === String(l.value))),
    ...shown,
  ];
  return (
    <Select
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={found.isFetching}
      options={choices.map((c) =>
        asValue({ value: c.value, label: lang === 'ar' && c.labelAr ? c.labelAr : c.label }, asText),
      )}
      value={value}
      onChange={(next, option) => {
        setPicked(Array.isArray(option) || !option ? undefined : { ...option, label: String(option.label) });
        onChange?.(next, option);
      }}
      onOpenChange={(open) => {
        if (!open) setTyped('');
      }}
      {...props}
    />
  );
}
