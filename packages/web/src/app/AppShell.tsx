import { ConfigProvider, type ThemeConfig } from 'antd';
import { lazy, Suspense, useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LoadingOverlay } from '../components/LoadingOverlay.tsx';
import './a11y.css';
import { antdLocale, useLanguageReady } from '../i18n/index.ts';
import { dirOf, type Lang, useLang } from '../i18n/lang.ts';
import { type RootState, useAppSelector } from '../state/store.ts';

// The toast host and the confirmation modal (antd's notification and Modal) load when first
// needed, not with the sign-in page (issue 24).
const ToastHost = lazy(() => import('./GlobalUi.tsx').then((m) => ({ default: m.ToastHost })));
const ConfirmModal = lazy(() => import('./GlobalUi.tsx').then((m) => ({ default: m.ConfirmModal })));

// Spec §9: toasts enter and leave in 300 ms — unless the user asked the system for less motion
// (WCAG 2.3.3): then nothing zooms, slides or fades, and a dialog's buttons are where they will stay.
// WCAG 2.2 AA contrast (1.4.3, 4.5:1 for text; e2e/a11y.e2e.ts checks every route): antd's default
// blue, greys and tag text colours fall short on white, so the theme takes one shade darker.
const readableGrey = 'rgba(0, 0, 0, 0.55)';
const contrastSafe: ThemeConfig['token'] = {
  colorPrimary: '#0958d9',
  colorInfo: '#0958d9',
  colorLink: '#0958d9',
  colorSuccess: '#237804',
  colorWarning: '#ad6800',
  colorError: '#cf1322',
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextPlaceholder: readableGrey,
  // Tags' text is a palette's seventh shade: seeding each palette one shade darker darkens it.
  green: '#389e0d',
  gold: '#d48806',
  orange: '#d46b08',
  volcano: '#d4380d',
  cyan: '#08979c',
  lime: '#7cb305',
};

const themeOf = (motion: boolean): ThemeConfig => ({
  token: { ...contrastSafe, motion },
  components: {
    Notification: { motionDurationMid: '0.3s' },
    // An empty table's message is text to read, not a disabled control.
    Table: { colorTextDisabled: readableGrey },
  },
});
const animatedTheme = themeOf(true);
const stillTheme = themeOf(false);

/**
 * The root of every route: applies `?lang=` (i18n, `<html dir lang>`, antd direction and
 * locale), hosts the global toast, confirmation modal and loading overlay, and waits for the
 * start-up session restore before showing any page.
 */
export function AppShell({ sessionReady }: { sessionReady: Promise<void> }) {
  const lang = useShownLang();
  const { i18n } = useTranslation();
  const dir = dirOf(lang ?? 'en');
  const sessionRestored = useSettled(sessionReady);
  const theme = usePrefersReducedMotion() ? stillTheme : animatedTheme;
  const toasted = useEverTrue((s) => s.toast.id !== 0);
  const confirmed = useEverTrue((s) => s.confirmation.visible);
  const busy = useAppSelector((s) => s.dataLoading.visible);

  useLayoutEffect(() => {
    if (!lang) return;
    void i18n.changeLanguage(lang);
    document.documentElement.lang = lang;
    document.documentElement.dir = dir;
    document.title = i18n.t('app.name');
  }, [lang, dir, i18n]);

  return (
    <ConfigProvider direction={dir} locale={antdLocale(lang ?? 'en')} theme={theme}>
      <Suspense>
        {toasted && <ToastHost rtl={dir === 'rtl'} />}
        {confirmed && <ConfirmModal />}
      </Suspense>
      {busy && <LoadingOverlay />}
      {/* No text before the strings are there (a key would show). */}
      {sessionRestored && lang ? <Outlet /> : <LoadingOverlay text={lang ? undefined : ''} />}
    </ConfigProvider>
  );
}

/**
 * The language to show: `?lang=` once its strings are loaded; meanwhile the one shown before
 * (null at start-up), so a switch changes the page in one go, never through untranslated keys.
 */
function useShownLang(): Lang | null {
  const { lang } = useLang();
  const ready = useLanguageReady(lang);
  const [shown, setShown] = useState<Lang | null>(null);
  if (ready && shown !== lang) setShown(lang);
  return ready ? lang : shown;
}

/** True from the first time `selected` is true on: a host, once loaded, stays mounted. */
function useEverTrue(selected: (state: RootState) => boolean): boolean {
  const now = useAppSelector(selected);
  const [ever, setEver] = useState(now);
  if (now && !ever) setEver(true);
  return ever || now;
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
