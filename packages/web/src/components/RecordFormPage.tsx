import { useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { InlineLoading } from './LoadingOverlay.tsx';
import { ProblemPanel } from './plain.tsx';

interface Props<T> {
  mode: 'create' | 'edit';
  /** The area: its cache key and its `<area>.fetchFailed` and `<area>.loading` texts. */
  area: string;
  get: (id: number, signal: AbortSignal) => Promise<T>;
  /** The form, empty (create) or for the record; it starts again when the record changes. */
  form: (record?: T) => ReactNode;
}

/** One screen, two modes, for a hand-made form: to edit, the route's `:id` is loaded first. */
export function RecordFormPage<T extends { updatedAt: string }>({ mode, area, get, form }: Props<T>) {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({
    queryKey: [area, 'detail', id],
    queryFn: ({ signal }) => get(id, signal),
    enabled: mode === 'edit' && valid,
  });
  if (mode === 'create') return form();
  if (!valid || query.isError) return <ProblemPanel tone="warning" title={t(`${area}.fetchFailed`)} />;
  if (!query.data) return <InlineLoading text={t(`${area}.loading`)} />;
  return <Fragment key={query.data.updatedAt}>{form(query.data)}</Fragment>;
}
