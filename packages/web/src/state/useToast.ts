import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from './store.ts';
import { showToast, type ToastInput } from './toast.ts';

/**
 * Shows toasts with already-translated text. The slice keeps the spec's English default
 * summary; this hook passes the translated one so Arabic users never see English.
 */
export function useToast() {
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  return useMemo(() => {
    const show = (toast: ToastInput) => dispatch(showToast(toast));
    return {
      show,
      success: (summary: string, detail?: string) => show({ severity: 'success', summary, detail }),
      info: (summary: string, detail?: string) => show({ severity: 'info', summary, detail }),
      warn: (summary: string, detail?: string) => show({ severity: 'warn', summary, detail }),
      error: (summary = t('msg.somethingWentWrong'), detail?: string) =>
        show({ severity: 'error', summary, detail }),
    };
  }, [dispatch, t]);
}
