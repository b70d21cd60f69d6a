import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../api/client.ts';
import { useLangNavigate } from '../i18n/lang.ts';
import { useToast } from '../state/useToast.ts';
import { InlineLoading } from './LoadingOverlay.tsx';
import { ProblemPanel } from './plain.tsx';
import { ResourceForm } from './ResourceForm.tsx';
import { type FieldControl, type FieldControls, formValuesOf, type ResourceDefinition } from './resource.ts';
import { useResourceActions } from './useResourceActions.ts';

interface PageProps<T extends { id: number }, I extends object> {
  resource: ResourceDefinition<T, I>;
  /** The date, time and image inputs, when the resource has such fields. */
  controls?: FieldControls;
}

interface EditPageProps<T extends { id: number }, I extends object> extends PageProps<T, I> {
  /** The record to edit; default: the route's `:id` (a form in a drawer passes its own). */
  id?: number;
}

/** The create screen of a resource. */
export function ResourceCreatePage<T extends { id: number }, I extends object>({
  resource,
  controls,
}: PageProps<T, I>) {
  const actions = useResourceActions(resource);
  return (
    <ResourceForm resource={resource} controls={controls} onSubmit={actions.create} saving={actions.saving} />
  );
}

/** The edit screen of a resource: loads the record named by `:id` (or `id`), then the form. */
export function ResourceEditPage<T extends { id: number }, I extends object>({
  resource,
  id: given,
  controls,
}: EditPageProps<T, I>) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useLangNavigate();
  const actions = useResourceActions(resource);
  const routeId = Number(useParams().id);
  const id = given ?? routeId;
  const validId = Number.isInteger(id) && id > 0;

  const record = useQuery({
    queryKey: [resource.key, 'detail', id],
    queryFn: ({ signal }) => resource.api.get(id, signal),
    enabled: validId,
  });
  const failed = !validId || record.isError;

  useEffect(() => {
    if (!failed) return;
    const error = record.error instanceof ApiError ? record.error : undefined;
    toast.error(t(resource.messages.fetchFailed), error && t(`error.${error.code}`));
  }, [failed, record.error, resource.messages.fetchFailed, t, toast]);

  if (failed) {
    return (
      // Drawn like a page that failed to load (plain.tsx), not with antd's Result: 10 KB less on
      // every form page.
      <ProblemPanel
        tone="warning"
        title={t(resource.messages.fetchFailed)}
        action={<Button onClick={() => navigate(resource.paths.list)}>{t('common.backToList')}</Button>}
      />
    );
  }
  if (!record.data) return <InlineLoading text={t(resource.messages.loading)} />;
  return (
    <ResourceForm
      // A fresh form per record version, so its initial values are the loaded ones.
      key={(record.data as { updatedAt?: string }).updatedAt ?? id}
      resource={resource}
      controls={controls}
      initialValues={formValuesOf(resource, record.data)}
      onSubmit={(input) => actions.update(id, input)}
      saving={actions.saving}
    />
  );
}

/**
 * The heavier inputs (date and time pickers, the image upload), loaded with a form page only when
 * its fields use them, so the other forms and the lists do not download them.
 */
const controlLoaders: Record<keyof FieldControls, () => Promise<FieldControl>> = {
  date: async () => (await import('./DayInput.tsx')).DayInput,
  time: async () => (await import('./DayInput.tsx')).TimeInput,
  image: async () => (await import('./ImageUpload.tsx')).ImageUpload,
};

const isControl = (input: string): input is keyof FieldControls => input in controlLoaders;

/** The controls a resource's form fields need (`input: 'date' | 'time' | 'image'`). */
export async function controlsOf<T extends { id: number }, I extends object>(
  resource: ResourceDefinition<T, I>,
): Promise<FieldControls> {
  const inputs = [...new Set(resource.fields.map((f) => f.input))].filter(isControl);
  return Object.fromEntries(await Promise.all(inputs.map(async (i) => [i, await controlLoaders[i]()])));
}
