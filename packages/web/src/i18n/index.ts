import type { Locale } from 'antd/es/locale';
import i18next from 'i18next';
import { useEffect, useSyncExternalStore } from 'react';
import { initReactI18next } from 'react-i18next';
import areaStrings from './areaStrings.json';
import type { Lang } from './lang.ts';

export type Messages = { [key: string]: string | Messages };
type Loader = () => Promise<Messages>;

// Strings load on demand (issue 24: the sign-in page downloaded every area's strings in both
// languages): a language's app-wide strings and the public areas' (`PUBLIC_AREAS`) before its
// first page; an area's (`features/<area>/locales/{en,ar}.json`, found by the glob, so a new area
// needs nothing here) when a screen that shows them opens (`useAreaStrings`): the layout's
// (`areaStrings.json` "layout": the header and the shared components), and a page's own area's
// with those its screens also show ("needs", kept true by i18n.test.ts). A language is shown only
// when every area asked for so far is loaded in it, so switching never flashes untranslated keys.
const appFiles: Record<Lang, Loader> = {
  en: () => import('./en.json').then((m) => m.default),
  // With Arabic come antd's Arabic locale (English is antd's built-in default) and dayjs's, which
  // the calendar (components/Calendar.tsx) reads its month and day names from (its Arabic-Indic
  // digits apply only with a plugin the app does not load: digits stay Latin, bilingual.md).
  ar: async () => {
    const [messages, locale] = await Promise.all([
      import('./ar.json'),
      import('antd/locale/ar_EG'),
      import('dayjs/locale/ar'),
    ]);
    // antd's locale files are CommonJS: in the production build their default export is the
    // module (`{ default: locale }`), in the dev server the locale itself.
    antdLocales.ar = (locale.default as { default?: Locale }).default ?? locale.default;
    return messages.default;
  },
};

/**
 * antd's texts (empty lists, upload, …) for a loaded language; none for English, antd's built-in
 * default (importing its en_US again put a second copy in the entry, on every page).
 */
const antdLocales: Partial<Record<Lang, Locale>> = {};
export const antdLocale = (lang: Lang): Locale | undefined => antdLocales[lang];
const areaFiles: Record<string, Loader> = import.meta.glob<Messages>('../features/*/locales/*.json', {
  import: 'default',
});

/** Areas whose strings the public pages (sign-in, password reset) use. */
const PUBLIC_AREAS = ['auth'];
const areaPath = (lang: Lang, area: string) => `../features/${area}/locales/${lang}.json`;
/** The area files a language's screens need: the public areas' and those of `areas`. */
const areaPaths = (lang: Lang, areas: Iterable<string>) =>
  [...PUBLIC_AREAS, ...areas].map((area) => areaPath(lang, area));

/** The areas whose strings every dashboard screen may show (the header, the shared components). */
export const LAYOUT_AREAS: readonly string[] = areaStrings.layout;
/** The areas whose strings an area's screens show: its own, and those it names in "needs". */
export const stringsOfArea = (area: string): readonly string[] => [
  area,
  ...((areaStrings.needs as Record<string, string[]>)[area] ?? []),
];

function merge(target: Messages, source: Messages): Messages {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    target[key] =
      typeof value === 'object' && typeof existing === 'object' ? merge({ ...existing }, value) : value;
  }
  return target;
}

/** The strings loaded so far, one tree per language (app-wide plus the loaded areas'). */
export const resources: Record<Lang, { translation: Messages }> = {
  en: { translation: {} },
  ar: { translation: {} },
};
const loadedAreas: Record<Lang, [path: string, messages: Messages][]> = { en: [], ar: [] };

/** The loaded area files of one language, by path. */
export function areaMessages(lang: Lang): [path: string, messages: Messages][] {
  return [...loadedAreas[lang]].sort(([a], [b]) => a.localeCompare(b));
}

// Listeners of useLanguageReady/useAreaStrings: told whenever a part finishes loading.
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const parts = new Map<string, Promise<void>>();
const done = new Set<string>();
/** Loads one file of strings once (a failed load is tried again next time). */
function loadPart(lang: Lang, name: string, load: Loader, area: boolean): Promise<void> {
  const key = `${lang}:${name}`;
  let part = parts.get(key);
  if (!part) {
    part = load().then(
      (messages) => {
        merge(resources[lang].translation, messages);
        if (area) loadedAreas[lang].push([name, messages]);
        i18next.addResourceBundle(lang, 'translation', messages, true, true);
        done.add(key);
        // The first language loaded becomes i18next's at once, before anyone hears of it: the
        // first page then renders in it (AppShell switches later languages in a layout effect).
        const current = i18next.language as Lang;
        if (current !== lang && !isLoaded(current, []) && isLoaded(lang, [])) {
          void i18next.changeLanguage(lang);
        }
        for (const listener of listeners) listener();
      },
      (e: unknown) => {
        parts.delete(key);
        throw e;
      },
    );
    parts.set(key, part);
  }
  return part;
}

/** Loads a language's app-wide and public strings, and those of `areas`. */
export function loadLanguage(lang: Lang, areas: Iterable<string> = []): Promise<void> {
  return Promise.all([
    loadPart(lang, 'app', appFiles[lang], false),
    ...areaPaths(lang, areas).map((path) => loadPart(lang, path, areaFiles[path] as Loader, true)),
  ]).then(() => undefined);
}

/** Every area there is (a folder with `locales/`). */
const allAreas = () => [...new Set(Object.keys(areaFiles).map((path) => path.split('/')[2] as string))];

/** Both languages, every area: for tests and checks that compare the languages. */
export const loadAllLanguages = () =>
  Promise.all([loadLanguage('en', allAreas()), loadLanguage('ar', allAreas())]);

/** The areas screens have asked for so far, in any language: a language waits for them all. */
const wanted = new Set<string>();
const isLoaded = (lang: Lang, areas: Iterable<string>) =>
  done.has(`${lang}:app`) && areaPaths(lang, areas).every((path) => done.has(`${lang}:${path}`));

/**
 * Whether `lang` can be shown: its app-wide and public strings, and those of every area a screen
 * has asked for. Starts the load when not.
 */
export function useLanguageReady(lang: Lang): boolean {
  const ready = useSyncExternalStore(subscribe, () => isLoaded(lang, wanted));
  useEffect(() => {
    if (!ready) void loadLanguage(lang, wanted).catch(() => undefined);
  }, [lang, ready]);
  return ready;
}

/** For a dashboard screen: the strings of `areas` in the current language (true when loaded). */
export function useAreaStrings(lang: Lang, areas: readonly string[]): boolean {
  const key = areas.join(',');
  const ready = useSyncExternalStore(subscribe, () => isLoaded(lang, areas));
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the areas' contents
  useEffect(() => {
    const added = areas.filter((area) => !wanted.has(area));
    for (const area of added) wanted.add(area);
    if (!ready) void loadLanguage(lang, areas).catch(() => undefined);
    // Languages waiting for these areas hear of them.
    if (added.length) for (const listener of listeners) listener();
  }, [lang, ready, key]);
  return ready;
}

// Strings are added as they load (`loadLanguage`); until then `t` returns keys, which no screen
// shows: AppShell waits for them.
void i18next.use(initReactI18next).init({
  resources: {},
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: ['en', 'ar'],
  partialBundledLanguages: true,
  initAsync: false,
  interpolation: { escapeValue: false }, // React escapes already
});

export const i18n = i18next;
