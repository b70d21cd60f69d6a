import { useCallback } from 'react';
import { type NavigateOptions, useNavigate, useSearchParams } from 'react-router';

export const LANGS = ['en', 'ar'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'en';
export const LANG_PARAM = 'lang';

/** `?lang=` value → a supported language; anything else falls back to English. */
export function parseLang(value: string | null | undefined): Lang {
  return value === 'ar' ? 'ar' : DEFAULT_LANG;
}

export function dirOf(lang: Lang): 'ltr' | 'rtl' {
  return lang === 'ar' ? 'rtl' : 'ltr';
}

/**
 * Puts `lang` into the query of an internal link (`/path?x=1#h`), replacing any `lang` it had.
 * With `lang` undefined the link is returned unchanged (no `?lang=` in the current URL).
 */
export function withLang(to: string, lang: Lang | undefined): string {
  if (!lang) return to;
  const hashAt = to.indexOf('#');
  const hash = hashAt >= 0 ? to.slice(hashAt) : '';
  const beforeHash = hashAt >= 0 ? to.slice(0, hashAt) : to;
  const queryAt = beforeHash.indexOf('?');
  const path = queryAt >= 0 ? beforeHash.slice(0, queryAt) : beforeHash;
  const params = new URLSearchParams(queryAt >= 0 ? beforeHash.slice(queryAt + 1) : '');
  params.set(LANG_PARAM, lang);
  return `${path}?${params.toString()}${hash}`;
}

/** The language of the current URL, and the value to carry on links (undefined if not in the URL). */
export function useLang(): { lang: Lang; carried: Lang | undefined } {
  const [params] = useSearchParams();
  const raw = params.get(LANG_PARAM);
  return { lang: parseLang(raw), carried: raw === null ? undefined : parseLang(raw) };
}

/** `to` with the current `lang` kept: use for every internal link. */
export function useLangTo(): (to: string) => string {
  const { carried } = useLang();
  return useCallback((to: string) => withLang(to, carried), [carried]);
}

/** `navigate()` that keeps the current `lang`. */
export function useLangNavigate(): (to: string, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  const langTo = useLangTo();
  return useCallback(
    (to: string, options?: NavigateOptions) => {
      void navigate(langTo(to), options);
    },
    [navigate, langTo],
  );
}
