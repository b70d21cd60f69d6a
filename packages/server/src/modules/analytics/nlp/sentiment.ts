import Sentiment from 'sentiment';
import { type Lang, normaliseArabic, words } from './text.ts';

/**
 * Sentiment of a customer's message: positive, neutral or negative, from word scores. English:
 * the `sentiment` package's AFINN-165 lexicon with its negation rule, plus a few words of banking
 * service. Arabic: a lexicon written for this programme's messages (below, normalised as
 * `normaliseArabic` does), registered with the same package, negated by a preceding لا / لم / لن /
 * ليس / غير / ما. A lexicon, not a learned model: docs/decisions/analytics.md gives its measured
 * accuracy on the labelled set in `sentimentSamples.ts` and its limits.
 */
export type SentimentLabel = 'POSITIVE' | 'NEUTRAL' | 'NEGATIVE';

const arabicScores: Record<string, number> = {
  // positive
  شكرا: 2,
  ممتاز: 3,
  ممتازه: 3,
  رائع: 3,
  رائعه: 3,
  جميل: 2,
  جميله: 2,
  سعيد: 3,
  سعيده: 3,
  مسرور: 2,
  سريع: 2,
  سريعه: 2,
  سهل: 2,
  سهله: 2,
  افضل: 2,
  احسن: 2,
  جيد: 2,
  جيده: 2,
  مفيد: 2,
  مفيده: 2,
  متعاون: 2,
  لطيف: 2,
  راض: 2,
  راضي: 2,
  راضيه: 2,
  احب: 2,
  احببت: 2,
  يعجبني: 2,
  اعجبني: 2,
  تمام: 1,
  مشكور: 2,
  مشكورين: 2,
  نشكركم: 2,
  اشكركم: 2,
  حل: 1,
  تم: 1,
  مميز: 2,
  مميزه: 2,
  رائعين: 3,
  فرحت: 2,
  // negative
  مشكله: -2,
  مشاكل: -2,
  سيء: -3,
  سيئه: -3,
  سيئ: -3,
  غاضب: -3,
  غاضبه: -3,
  زعلان: -2,
  متضايق: -2,
  خطا: -2,
  اخطاء: -2,
  فشل: -2,
  فشلت: -2,
  تاخير: -2,
  متاخر: -2,
  متاخره: -2,
  بطيء: -2,
  بطيئه: -2,
  ضاعت: -2,
  ضائعه: -2,
  مفقوده: -2,
  اختفت: -2,
  خصم: -1,
  احتيال: -3,
  سرقه: -3,
  مرفوض: -2,
  رفض: -2,
  الغاء: -1,
  الغي: -1,
  اسوا: -3,
  صعب: -2,
  صعبه: -2,
  مزعج: -2,
  مزعجه: -2,
  خيبه: -2,
  محبط: -3,
  للاسف: -2,
  لم: 0,
  لا: 0,
  شكوى: -2,
  اشتكي: -2,
  يعمل: 1,
  تعمل: 1,
  وصلت: 1,
  انتهت: -1,
  منتهيه: -1,
};

const negatorsAr = new Set(['لا', 'لم', 'لن', 'ليس', 'غير', 'ما', 'مش', 'ماهو']);

/** Banking-service words AFINN lacks or scores otherwise. */
const englishExtras: Record<string, number> = {
  missing: -2,
  wrong: -2,
  charged: -1,
  deducted: -1,
  expired: -1,
  delay: -2,
  delayed: -2,
  still: -1,
  fraud: -3,
  declined: -2,
  smooth: 2,
  quick: 2,
  quickly: 2,
  helpful: 2,
  resolved: 2,
  works: 1,
};

const analyser = new Sentiment();
analyser.registerLanguage('ar', {
  labels: Object.fromEntries(Object.entries(arabicScores).map(([w, s]) => [normaliseArabic(w), s])),
  scoringStrategy: {
    apply(tokens, cursor, score) {
      const before = tokens[cursor - 1];
      return cursor > 0 && before && negatorsAr.has(before) ? -score : score;
    },
  },
});

const arabicLexicon = new Set(Object.keys(arabicScores).map(normaliseArabic));
/** An Arabic word without the clitics a lexicon entry lacks (و، ف، ب، ل، ال), when that finds it. */
function arabicEntry(word: string): string {
  if (arabicLexicon.has(word)) return word;
  for (const prefix of ['وال', 'بال', 'فال', 'كال', 'لل', 'ال', 'و', 'ف', 'ب', 'ل']) {
    const rest = word.slice(prefix.length);
    if (word.startsWith(prefix) && rest.length >= 2 && arabicLexicon.has(rest)) return rest;
  }
  return word;
}

/** The message's sentiment and its score (the sum of its words' scores, negations applied). */
export function sentimentOf(text: string, lang: Lang): { label: SentimentLabel; score: number } {
  const tokens = words(text, lang);
  const joined = (lang === 'ar' ? tokens.map(arabicEntry) : tokens).join(' ');
  const { score } =
    lang === 'ar'
      ? analyser.analyze(joined, { language: 'ar' })
      : analyser.analyze(joined, { extras: englishExtras });
  return { label: score > 0 ? 'POSITIVE' : score < 0 ? 'NEGATIVE' : 'NEUTRAL', score };
}
