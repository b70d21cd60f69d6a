import ar from './systemTexts/ar.json';
import en from './systemTexts/en.json';

/**
 * Texts of what the system itself seeds (issue 54; decisions/bilingual-texts.md): a built-in
 * customer permission's name, an SCA rule's description… Each has a stable key (the item's code,
 * e.g. `customerPermission.balance.name`) and its text in both languages in the translation files
 * beside this one (`systemTexts/en.json`, `systemTexts/ar.json`, held equal in keys and Arabic by
 * systemTexts.test.ts). The server answers both languages from them; staff screens show the one of
 * the screen.
 */
export type SystemTextKey = keyof typeof en;
const arabic: Record<SystemTextKey, string> = ar;

export const systemTextKeys = Object.keys(en) as SystemTextKey[];
export const systemTextFiles = { en: en as Record<string, string>, ar: ar as Record<string, string> };

/**
 * A system item's text in both languages, for a row holding `stored` as its English: the files'
 * texts while it is still the files' English, else what staff wrote in its place (its
 * Arabic then empty: the screens show the English, marked). An unknown key keeps `stored`.
 */
export function systemText(key: string, stored: string): { en: string; ar: string } {
  if (!Object.hasOwn(en, key)) return { en: stored, ar: '' };
  const k = key as SystemTextKey;
  return stored === en[k] ? { en: en[k], ar: arabic[k] } : { en: stored, ar: '' };
}

/** A built-in item's name and description (keys `<prefix>.name`, `<prefix>.description`) in both languages. */
export function systemNamed(prefix: string, row: { name: string; description: string }) {
  const name = systemText(`${prefix}.name`, row.name);
  const description = systemText(`${prefix}.description`, row.description);
  return { name: name.en, nameAr: name.ar, description: description.en, descriptionAr: description.ar };
}

/** A customer permission's texts: a built-in one's from the files, one staff made as written (no Arabic). */
export const customerPermissionTexts = (row: {
  code: string;
  name: string;
  description: string;
  system: boolean;
}) =>
  row.system
    ? systemNamed(`customerPermission.${row.code}`, row)
    : { name: row.name, nameAr: '', description: row.description, descriptionAr: '' };
