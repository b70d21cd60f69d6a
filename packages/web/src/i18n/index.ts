import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import ar from './ar.json';
import en from './en.json';

export type Messages = { [key: string]: string | Messages };

/** Each area's strings (`features/<area>/locales/{en,ar}.json`), keyed by file path. */
const areaFiles = import.meta.glob<Messages>('../features/*/locales/*.json', {
  eager: true,
  import: 'default',
});

/** The area files of one language, by path. */
export function areaMessages(lang: 'en' | 'ar'): [path: string, messages: Messages][] {
  return Object.entries(areaFiles).filter(([path]) => path.endsWith(`/${lang}.json`));
}

function merge(target: Messages, source: Messages): Messages {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    target[key] =
      typeof value === 'object' && typeof existing === 'object' ? merge({ ...existing }, value) : value;
  }
  return target;
}

/** App-wide strings plus every area's, one tree per language. */
function bundle(base: Messages, lang: 'en' | 'ar'): Messages {
  return areaMessages(lang).reduce((all, [, messages]) => merge(all, messages), merge({}, base));
}

export const resources = {
  en: { translation: bundle(en, 'en') },
  ar: { translation: bundle(ar, 'ar') },
};

// Everything is bundled (a few kB), so initialisation is synchronous.
void i18next.use(initReactI18next).init({
  resources,
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: ['en', 'ar'],
  initAsync: false,
  interpolation: { escapeValue: false }, // React escapes already
});

export const i18n = i18next;
