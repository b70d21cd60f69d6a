import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type ConfirmationDetails, showConfirmation } from './confirmation.ts';
import { useAppDispatch } from './store.ts';

/**
 * The confirmation modal's handlers (spec §3). Functions are not serializable, so they live in
 * this module-level registry instead of the store; only one confirmation is open at a time.
 */
export interface ConfirmationHandlers {
  /** Runs on confirm; the modal waits for a returned promise before closing. */
  handleConfirm?: () => unknown;
  /** Runs after handleConfirm has finished (what happens next, e.g. leave the page). */
  consequenceFunction?: () => void;
  handleCancel?: () => void;
}

let current: ConfirmationHandlers = {};

export function takeConfirmationHandlers(): ConfirmationHandlers {
  const handlers = current;
  current = {};
  return handlers;
}

export type ConfirmOptions = ConfirmationDetails & ConfirmationHandlers;

/** Opens the confirmation modal; button texts default to the translated 'Yes' / 'No'. */
export function useConfirm() {
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  return useCallback(
    ({ handleConfirm, consequenceFunction, handleCancel, ...details }: ConfirmOptions) => {
      current = { handleConfirm, consequenceFunction, handleCancel };
      dispatch(
        showConfirmation({
          ...details,
          confirmButtonText: details.confirmButtonText ?? t('msg.confirmYes'),
          cancelButtonText: details.cancelButtonText ?? t('msg.confirmNo'),
        }),
      );
    },
    [dispatch, t],
  );
}
