import { ConfigProvider, type ThemeConfig } from 'antd';
import { type ReactNode, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { antdLocale } from '../i18n/index.ts';
import { dirOf, parseLang } from '../i18n/lang.ts';

// antd's configuration for every screen that uses antd: direction, locale and theme. It loads with
// the first such screen, not with the sign-in page, which is drawn without antd (plain.tsx, issue 24).

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
  },
});
const animatedTheme = themeOf(true);
const stillTheme = themeOf(false);

/**
 * antd in the shown language's direction and locale (i18next's language, which AppShell switches
 * once the strings of `?lang=` are loaded), with the app's theme.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  const lang = parseLang(useTranslation().i18n.language);
  const theme = usePrefersReducedMotion() ? stillTheme : animatedTheme;
  return (
    <ConfigProvider direction={dirOf(lang)} locale={antdLocale(lang)} theme={theme}>
      {children}
    </ConfigProvider>
  );
}

/** A layout route whose pages use antd. */
export default function AntdLayout() {
  return (
    <AntdProvider>
      <Outlet />
    </AntdProvider>
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
