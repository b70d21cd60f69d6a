import { type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { useConfirm } from '../state/confirm.ts';

/**
 * While `dirty.current` is true, leaving the page asks first (confirmation modal for in-app
 * navigation, the browser's prompt for reload/close). Changing only `?lang=` is not leaving.
 */
export function useUnsavedChangesGuard(dirty: RefObject<boolean>) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty.current && currentLocation.pathname !== nextLocation.pathname,
  );
  const blockerRef = useRef(blocker);
  blockerRef.current = blocker;

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    confirm({
      header: t('form.unsavedTitle'),
      message: t('form.unsavedMessage'),
      confirmButtonText: t('form.leave'),
      cancelButtonText: t('form.stay'),
      handleConfirm: () => blockerRef.current.proceed?.(),
      handleCancel: () => blockerRef.current.reset?.(),
    });
  }, [blocker.state, confirm, t]);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (dirty.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
