import { ConfigProvider, type ThemeConfig } from 'antd';
import arEG from 'antd/locale/ar_EG';
import enUS from 'antd/locale/en_US';
import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LoadingOverlay } from '../components/LoadingOverlay.tsx';
import { dirOf, useLang } from '../i18n/lang.ts';
import { ConfirmModal, GlobalLoadingOverlay, ToastHost } from './GlobalUi.tsx';

// Spec §9: toasts enter and leave in 300 ms — unless the user asked the system for less motion
// (WCAG 2.3.3): then nothing zooms, slides or fades, and a dialog's buttons are where they will stay.
const themeOf = (motion: boolean): ThemeConfig => ({
  token: { motion },
  components: { Notification: { motionDurationMid: '0.3s' } },
});
const animatedTheme = themeOf(true);
const stillTheme = themeOf(false);

/**
 * The root of every route: applies `?lang=` (i18n, `<html dir lang>`, antd direction and
 * locale), hosts the global toast, confirmation modal and loading overlay, and waits for the
 * start-up session restore before showing any page.
 */
export function AppShell({ sessionReady }: { sessionReady: Promise<void> }) {
  const { lang } = useLang();
  const { i18n } = useTranslation();
  const dir = dirOf(lang);
  const sessionRestored = useSettled(sessionReady);
  const theme = usePrefersReducedMotion() ? stillTheme : animatedTheme;

  useLayoutEffect(() => {
    void i18n.changeLanguage(lang);
    document.documentElement.lang = lang;
    document.documentElement.dir = dir;
    document.title = i18n.t('app.name');
  }, [lang, dir, i18n]);

  return (
    <ConfigProvider direction={dir} locale={lang === 'ar' ? arEG : enUS} theme={theme}>
      <ToastHost rtl={dir === 'rtl'} />
      <ConfirmModal />
      <GlobalLoadingOverlay />
      {sessionRestored ? <Outlet /> : <LoadingOverlay />}
    </ConfigProvider>
  );
}

const reducedMotion = '(prefers-reduced-motion: reduce)';

/** The system setting "reduce motion", followed live. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia?.(reducedMotion);
      query?.addEventListener('change', changed);
      return () => query?.removeEventListener('change', changed);
    },
    () => window.matchMedia?.(reducedMotion).matches ?? false,
  );
}

/** False until `promise` settles. (Not `use()`: it re-suspends on re-renders inside transitions.) */
function useSettled(promise: Promise<unknown>): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let live = true;
    const done = () => {
      if (live) setSettled(true);
    };
    promise.then(done, done);
    return () => {
      live = false;
    };
  }, [promise]);
  return settled;
}
