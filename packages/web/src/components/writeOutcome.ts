import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, type WriteResult } from '../api/client.ts';
import { useToast } from '../state/useToast.ts';

/** i18n keys of what a write tells the user. */
export interface WriteMessages {
  /** Toast when it applied; none when the screen shows the result itself. */
  success?: string;
  /** Toast summary when it failed; the detail is the localized error code (`error.<CODE>`). */
  failure: string;
}

/** How a write ended: applied or submitted for approval (`result`), or failed (`error`). */
export type WriteOutcome<T> =
  | { ok: true; result: WriteResult<T> }
  | { ok: false; error: ApiError | undefined };

/**
 * The one place where the outcome of a write reaches the user, on every screen alike: the
 * resource's success toast, 'Submitted for approval' when maker-checker holds it (202
 * `{requestId, status: 'PENDING'}`), or an error toast with the localized error code. Never
 * throws; the caller reads the outcome (e.g. field errors from `error.errors`).
 */
export function useWriteOutcome() {
  const { t } = useTranslation();
  const toast = useToast();
  return useCallback(
    async <T>(write: Promise<WriteResult<T>>, messages: WriteMessages): Promise<WriteOutcome<T>> => {
      try {
        const result = await write;
        if (result.kind === 'pending')
          toast.info(t('common.submittedForApproval'), t('common.submittedForApprovalDetail'));
        else if (messages.success) toast.success(t(messages.success));
        return { ok: true, result };
      } catch (e) {
        const error = e instanceof ApiError ? e : undefined;
        toast.error(t(messages.failure), t(`error.${error?.code ?? 'INTERNAL'}`));
        return { ok: false, error };
      }
    },
    [t, toast],
  );
}

/** A call that is never held for approval (the user's own account), as a write result. */
export async function applied<T>(call: Promise<T>): Promise<WriteResult<T>> {
  return { kind: 'applied', data: await call };
}
