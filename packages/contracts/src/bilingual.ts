import { queryBoolean, text } from './common.ts';

/**
 * Bilingual names and descriptions of what staff name (decisions/bilingual.md). The English field
 * keeps its name (`name`, `description`) and the Arabic one is beside it (`nameAr`,
 * `descriptionAr`). Arabic is optional: empty means "not translated yet", and readers fall back to
 * the English text; the lists' `missingTranslation` filter finds such records (and the ones whose
 * Arabic is still the copy of the English the migration made).
 */

export type Language = 'en' | 'ar';

/** An optional Arabic text of at most `max` characters; `''` when not given. */
export const arabicText = (max: number) =>
  text(max).default('').describe('Arabic; empty: not translated yet, the English text is shown');

/** The text of a bilingual pair in `lang`: the Arabic one when asked for and present, else the English. */
export function localText(en: string, ar: string | null | undefined, lang: string | undefined): string {
  return lang === 'ar' && ar ? ar : en;
}

/** A record's name in `lang` (`nameAr` for Arabic when it has one, else `name`). */
export const localName = (record: { name: string; nameAr?: string | null }, lang: string | undefined) =>
  localText(record.name, record.nameAr, lang);

/** A record named `nameEn` / `nameAr` (campaigns, alerts, bundles…) in `lang`. */
export const localNameEnAr = (record: { nameEn: string; nameAr?: string | null }, lang: string | undefined) =>
  localText(record.nameEn, record.nameAr, lang);

/** A record's description in `lang`. */
export const localDescription = (
  record: { description: string; descriptionAr?: string | null },
  lang: string | undefined,
) => localText(record.description, record.descriptionAr, lang);

/** The `missingTranslation=true` list filter: records whose Arabic is empty or still the English. */
export const missingTranslationFilter = queryBoolean
  .optional()
  .describe('true: only records whose Arabic name or description is empty or the same as the English');

/**
 * The language a customer reads: `ar` or `en` from an `Accept-Language` header (its first
 * supported language by quality), else the customer's own `language`, else English.
 */
export function customerLanguage(acceptLanguage: string | undefined, customerLang?: string | null): Language {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { lang: tag.trim().toLowerCase().split('-')[0], q: q ? Number(q.slice(2)) : 1, i };
    })
    .filter((r) => (r.lang === 'ar' || r.lang === 'en') && r.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  const first = ranked[0]?.lang;
  if (first === 'ar' || first === 'en') return first;
  return customerLang === 'ar' ? 'ar' : 'en';
}
