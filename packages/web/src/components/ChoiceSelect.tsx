import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Choices } from './resource.ts';

/** A select over fixed choices (translated) or choices loaded from the API (cached by key). */
export function ChoiceSelect({
  options,
  asText = false,
  ...props
}: {
  options: Choices;
  /** Values as strings (list filters, whose values come from the URL). */
  asText?: boolean;
} & Omit<SelectProps, 'options'>) {
  const { t } = useTranslation();
  const loaded = useQuery({
    queryKey: ['choices', Array.isArray(options) ? 'fixed' : options.key],
    queryFn: ({ signal }) => (Array.isArray(options) ? [] : options.load(signal)),
    enabled: !Array.isArray(options),
  });
  const choices = (
    Array.isArray(options) ? options.map((o) => ({ value: o.value, label: t(o.label) })) : (loaded.data ?? [])
  ).map((o) => (asText ? { ...o, value: String(o.value) } : o));
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={loaded.isFetching}
      options={choices}
      {...props}
    />
  );
}
