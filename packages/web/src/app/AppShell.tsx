import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LoadingOverlay } from '../components/LoadingOverlay.tsx';
import './a11y.css';
import { useLanguageReady } from '../i18n/index.ts';
import { dirOf, type Lang, useLang } from '../i18n/lang.ts';
import { type RootState, useAppSelector } from '../state/store.ts';

// The toast host and the confirmation modal (antd's notification, components/Modal.tsx with antd's
// Buttons) load when first needed, not with the sign-in page (issue 24).
const ToastHost = lazy(() => import('./GlobalUi.tsx').then((m) => ({ default: m.ToastHost })));
const ConfirmModal = lazy(() => import('./GlobalUi.tsx').then((m) => ({ default: m.ConfirmModal })));

/**
 * The root of every route: applies `?lang=` (i18n, `<html dir lang>`; antd follows in
 * components/AntdProvider.tsx), hosts the global toast, confirmation modal and loading overlay,
 * and waits for the start-up session restore before showing any page. No antd here: the sign-in
 * page is drawn without it (issue 24).
 */
export function AppShell({ sessionReady }: { sessionReady: Promise<void> }) {
  const lang = useShownLang();
  const { i18n } = useTranslation();
  const dir = dirOf(lang ?? 'en');
  const sessionRestored = useSettled(sessionReady);
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
    <>
      <Suspense>
        {toasted && <ToastHost rtl={dir === 'rtl'} />}
        {confirmed && <ConfirmModal />}
      </Suspense>
      {busy && <LoadingOverlay />}
      {/* No text before the strings are there (a key would show). */}
      {sessionRestored && lang ? <Outlet /> : <LoadingOverlay text={lang ? undefined : ''} />}
    </>
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
