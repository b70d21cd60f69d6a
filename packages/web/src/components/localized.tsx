import { localDescription, localName, localText } from '@loyalty/contracts';
import { createElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../i18n/lang.ts';
import type { ColumnDef, FilterDef } from './resource.ts';

/**
 * Bilingual records in the user's language (decisions/bilingual.md): the one place lists, selects
 * and details choose between `name` and `nameAr` (contracts `localName`: the Arabic on the Arabic
 * screen when there is one, else the English).
 */
export { localDescription, localName, localText };

type Named = { name: string; nameAr?: string | null };

/**
 * The language records are shown in: the interface's (i18next follows the URL's `?lang=`, see
 * AppShell), read without the router so selects and cells work anywhere.
 */
export function useDataLang(): Lang {
  const { i18n } = useTranslation();
  return i18n.language === 'ar' ? 'ar' : 'en';
}
type Described = { description: string; descriptionAr?: string | null };

/** A record's name in the user's language (column renderers are plain functions, not components). */
export function LocalName({ record }: { record: Named }) {
  return createElement(LocalText, { en: record.name, ar: record.nameAr });
}

/**
 * A pair of texts (e.g. a referenced record's `categoryName` / `categoryNameAr`) in the user's
 * language. The other language's text stands in when the pair has none in the user's, marked as
 * such (issue 54): its `lang` (so screen readers read it as it is written) and a title saying so.
 */
export function LocalText({ en, ar }: { en: string; ar?: string | null }) {
  const lang = useDataLang();
  const { t } = useTranslation();
  const own = lang === 'ar' ? ar : en;
  const other = lang === 'ar' ? en : ar;
  if (own || !other) return own ?? '';
  return createElement(
    'span',
    { lang: lang === 'ar' ? 'en' : 'ar', title: t('common.otherLanguage'), className: 'other-language' },
    other,
  );
}

/** The list column of a bilingual name. */
export function nameColumn<T extends Named & { id: number }>(label: string): ColumnDef<T> {
  return {
    key: 'name' as keyof T & string,
    label,
    render: (row) => createElement(LocalName, { record: row }),
  };
}

/** The list column of a bilingual description. */
export function descriptionColumn<T extends Described & { id: number }>(label: string): ColumnDef<T> {
  return {
    key: 'description' as keyof T & string,
    label,
    render: (row) => createElement(LocalText, { en: row.description, ar: row.descriptionAr }),
  };
}

/** The list filter that finds records whose Arabic is missing or still the English (`?missingTranslation=true`). */
export const missingTranslationFilter: FilterDef = {
  name: 'missingTranslation',
  label: 'common.translation',
  options: [{ value: 'true', label: 'common.missingTranslation' }],
};

/**
 * A record an audit entry or an approval request is about, as words: "Tier #5" (the record types
 * are `records.<type>` in i18n; an unknown type shows as it is).
 */
export function RecordName({ type, id }: { type: string | null; id?: string | number | null }) {
  const { t } = useTranslation();
  if (!type) return null;
  const name = t(`records.${type}`, { defaultValue: type });
  return id === null || id === undefined || id === '' ? name : `${name} #${id}`;
}
