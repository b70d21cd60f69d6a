import { useQueryClient } from '@tanstack/react-query';
import { Form, type FormInstance, type FormProps } from 'antd';
import { useRef } from 'react';
import type { ApiError, WriteResult } from '../api/client.ts';
import { useLangNavigate } from '../i18n/lang.ts';
import { useToast } from '../state/useToast.ts';
import { firstFormError } from './formErrors.ts';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard.ts';
import { useWriteOutcome, type WriteMessages } from './writeOutcome.ts';

/** Where a saved form goes, and how the server's field errors land on its fields. */
interface SaveOptions<T> {
  /** The area's cached queries to refresh after a write (e.g. `['campaigns']`). */
  refresh: readonly unknown[];
  /** The screen to open once the write applied (`data`) or waits for approval (no `data`). */
  next: (data: T | undefined) => string;
  /** The server's field errors (problem+json `errors`) as `form.setFields` takes them. */
  fieldErrors: (errors: ApiError['errors']) => Parameters<FormInstance['setFields']>[0];
}

/**
 * What every hand-made create/edit form shares (campaigns, challenges, alerts): the unsaved-changes
 * guard, the write's outcome (toast, or "submitted for approval"), the area's lists refreshed, the
 * next screen, the server's field errors on their fields, and a refused submission's first message
 * toasted. `formProps` goes on the `<Form>`; `save` sends a write.
 */
export function useFormScreen<V>() {
  const toast = useToast();
  const navigate = useLangNavigate();
  const outcome = useWriteOutcome();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<V>();
  const dirty = useRef(false);
  useUnsavedChangesGuard(dirty);

  const save = async <T>(
    write: Promise<WriteResult<T>>,
    messages: WriteMessages,
    options: SaveOptions<T>,
  ) => {
    const done = await outcome(write, messages);
    if (!done.ok) {
      form.setFields(options.fieldErrors(done.error?.errors ?? []));
      return;
    }
    dirty.current = false;
    await queryClient.invalidateQueries({ queryKey: options.refresh });
    navigate(options.next(done.result.kind === 'applied' ? done.result.data : undefined));
  };

  const formProps = {
    form,
    layout: 'vertical',
    onValuesChange: () => {
      dirty.current = true;
    },
    onFinishFailed: ({ errorFields }) => {
      const first = firstFormError(errorFields);
      if (first) toast.error(first);
    },
  } satisfies FormProps<V>;

  return { form, formProps, save, dirty, navigate };
}
