import { ara, eng } from 'stopword';

/**
 * Text handling for customer messages in English and Arabic (docs/decisions/analytics.md):
 * language detection by script, Arabic normalisation, tokens without stop words.
 */

export type Lang = 'en' | 'ar';

const arabicLetter = /[\u0621-\u064A\u0671-\u06D3\u06FA-\u06FF]/gu;
const latinLetter = /[A-Za-z]/g;

/**
 * The message's language: Arabic when at least 30 % of its letters are Arabic (a customer writing
 * Arabic often mixes in Latin product names and numbers), English otherwise.
 */
export function detectLanguage(text: string): Lang {
  const ar = text.match(arabicLetter)?.length ?? 0;
  const en = text.match(latinLetter)?.length ?? 0;
  return ar > 0 && ar >= 0.3 * (ar + en) ? 'ar' : 'en';
}

/**
 * Arabic as a search engine compares it: diacritics (tashkeel, U+064B–U+065F, superscript alef
 * U+0670) and tatweel (U+0640) removed; alef forms (أ إ آ ٱ) → ا; alef maqsura ى → ي; taa
 * marbuta ة → ه; Arabic-Indic and Persian digits → 0–9.
 */
export function normaliseArabic(text: string): string {
  return text
    .replace(/[\u064B-\u065F\u0670\u0640]/gu, '')
    .replace(/[\u0622\u0623\u0625\u0671]/gu, '\u0627')
    .replace(/\u0649/gu, '\u064A')
    .replace(/\u0629/gu, '\u0647')
    .replace(/[\u0660-\u0669]/gu, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/gu, (d) => String(d.charCodeAt(0) - 0x06f0));
}

/** English as compared: lower case, curly quotes straightened, Latin accents dropped. */
export function normaliseEnglish(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036F]/gu, '')
    .normalize('NFC') // recomposes what is not a Latin accent (Arabic ئ ؤ stay one letter)
    .replace(/[\u2018\u2019]/gu, "'")
    .toLowerCase();
}

export const normalise = (text: string, lang: Lang = detectLanguage(text)) =>
  lang === 'ar' ? normaliseEnglish(normaliseArabic(text)) : normaliseEnglish(text);

const stopAr = new Set(ara.map((w) => normaliseArabic(w)));
const stopEn = new Set(eng);
/** Words so common in a loyalty programme's messages that they say nothing about a topic. */
const domainStop = new Set([
  'hi',
  'hello',
  'please',
  'thanks',
  'thank',
  'dear',
  'مرحبا',
  'شكرا',
  'السلام',
  'عليكم',
]);

const segmenter = new Intl.Segmenter('und', { granularity: 'word' });

/** The words of a text, normalised, in order (numbers and one-letter words kept out). */
export function words(text: string, lang: Lang = detectLanguage(text)): string[] {
  const out: string[] = [];
  for (const s of segmenter.segment(normalise(text, lang))) {
    if (!s.isWordLike) continue;
    const w = s.segment.replace(/^'+|'+$/g, '');
    if (w.length < 2 || /^\d+$/.test(w)) continue;
    out.push(w);
  }
  return out;
}

/** The words that carry meaning: `words` without English and Arabic stop words. */
export function tokens(text: string, lang: Lang = detectLanguage(text)): string[] {
  return words(text, lang).filter((w) => !stopEn.has(w) && !stopAr.has(w) && !domainStop.has(w));
}
