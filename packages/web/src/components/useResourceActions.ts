import type { FieldError } from '@loyalty/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { WriteResult } from '../api/client.ts';
import { useConfirm } from '../state/confirm.ts';
import type { ResourceDefinition } from './resource.ts';
import { useWriteOutcome } from './writeOutcome.ts';

export type SubmitOutcome = { ok: true } | { ok: false; fieldErrors: FieldError[] };

/**
 * A resource's writes: their outcome through the shared handler (spec texts, 202 "submitted for
 * approval"; see writeOutcome.ts), delete confirmation, cache refresh, and field errors handed
 * back to the form.
 */
export function useResourceActions<T extends { id: number }, I extends object>(
  resource: ResourceDefinition<T, I>,
) {
  const { t } = useTranslation();
  const report = useWriteOutcome();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const { api, messages } = resource;

  const createMutation = useMutation({ mutationFn: (input: I) => api.create(input) });
  const updateMutation = useMutation({
    mutationFn: ({ id, input }: { id: number; input: I }) => api.update(id, input),
  });
  const removeMutation = useMutation({ mutationFn: (id: number) => api.remove(id) });

  async function run(
    write: Promise<WriteResult<unknown>>,
    success: string,
    failure: string,
  ): Promise<SubmitOutcome> {
    const outcome = await report(write, { success, failure });
    if (!outcome.ok) return { ok: false, fieldErrors: outcome.error?.errors ?? [] };
    void queryClient.invalidateQueries({ queryKey: [resource.key] });
    return { ok: true };
  }

  return {
    create: (input: I) => run(createMutation.mutateAsync(input), messages.created, messages.createFailed),
    update: (id: number, input: I) =>
      run(updateMutation.mutateAsync({ id, input }), messages.updated, messages.updateFailed),
    /** Asks the confirmation modal first; deletes on "Yes". */
    confirmDelete: (row: T) =>
      confirm({
        header: t('common.confirmDeleteTitle'),
        message: t(messages.deleteConfirm),
        handleConfirm: () =>
          run(
            removeMutation.mutateAsync(row.id),
            messages.deleted ?? 'common.deleted',
            messages.deleteFailed,
          ),
      }),
    saving: createMutation.isPending || updateMutation.isPending,
  };
}
