/** Numbers and times as the back office shows them, the same in English and Arabic. */
import type { ReactNode } from 'react';
import { useLang } from '../i18n/lang.ts';

const integer = new Intl.NumberFormat('en-US');
const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Points and counts with grouped digits: 24,608. */
export const formatPoints = (n: number) => integer.format(n);

/** A money amount with two decimals: 81,163.89. */
export const formatAmount = (n: number) => money.format(n);

const share = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

/** A share as a percentage with at most one decimal: 0.0134 → 1.3%. */
export const formatShare = (fraction: number) => share.format(fraction);

/**
 * Text that reads left to right inside right-to-left Arabic (numbers with signs, timestamps,
 * codes, phone numbers): isolated so the surrounding text cannot reorder it, and kept on one line.
 */
export function Ltr({ children }: { children: ReactNode }) {
  return (
    <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }}>
      {children}
    </bdi>
  );
}

/** The same for text inside a translated sentence: Unicode isolates (LRI … PDI) around it. */
export const ltrText = (text: string) => `\u2066${text}\u2069`;

const countries = {
  en: new Intl.DisplayNames(['en'], { type: 'region' }),
  ar: new Intl.DisplayNames(['ar'], { type: 'region' }),
};

/** A country by its ISO 3166-1 code, named in the screen's language with the code: `Saudi Arabia (SA)`. */
export function Country({ code }: { code: string | null | undefined }) {
  const { lang } = useLang();
  if (!code) return '—';
  const name = countries[lang].of(code);
  return name && name !== code ? (
    <>
      {name} <Ltr>({code})</Ltr>
    </>
  ) : (
    <Ltr>{code}</Ltr>
  );
}

/** A ledger timestamp, `2026-11-19 21:01` (UTC as stored), left to right in both languages. */
export const Timestamp = ({ iso }: { iso: string }) => (
  <Ltr>
    <time dateTime={iso}>{iso.replace('T', ' ').slice(0, 16)}</time>
  </Ltr>
);

/** The day of an ISO instant, `2026-11-19`. */
export const dayOf = (iso: string) => iso.slice(0, 10);

/** A day, `2026-11-19`, or a dash. */
export const Day = ({ iso }: { iso: string | null }) =>
  iso ? (
    <Ltr>
      <time dateTime={iso}>{dayOf(iso)}</time>
    </Ltr>
  ) : (
    <>—</>
  );

// The Umm al-Qura calendar (Saudi Arabia's civil Hijri calendar), with Latin digits like every number.
const hijriDay = (locale: string) =>
  new Intl.DateTimeFormat(`${locale}-u-ca-islamic-umalqura-nu-latn`, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
const hijri = { en: hijriDay('en-GB'), ar: hijriDay('ar-SA') };

/** A day in the Hijri calendar: `15 Jumada II 1448 AH`, `15 جمادى الآخرة 1448 هـ`. */
export const formatHijri = (iso: string, lang: string) =>
  hijri[lang === 'ar' ? 'ar' : 'en'].format(new Date(`${dayOf(iso)}T00:00:00Z`));

/**
 * A day with its Hijri date beside it, where a bank's customer records carry both (date of birth,
 * membership): `2026-11-25 (15 Jumada II 1448 AH)`.
 */
export function DayWithHijri({ iso }: { iso: string | null }) {
  const { lang } = useLang();
  if (!iso) return <>—</>;
  return (
    <span>
      <Day iso={iso} /> <span className="hijri-date">({formatHijri(iso, lang)})</span>
    </span>
  );
}

/**
 * A moment for staff, in their language ("22 Nov 2026, 20:05"; Arabic month names). Digits are
 * Latin in both languages, as in every number the app shows (docs/decisions/bilingual.md).
 */
export const formatTime = (iso: string | null | undefined, lang: string) =>
  iso
    ? new Date(iso).toLocaleString(lang === 'ar' ? 'ar-u-nu-latn' : 'en-GB', {
        dateStyle: 'medium',
        timeStyle: 'short',
      })
    : '';

/** The same as an element, or a dash. */
export function DateTime({ iso }: { iso: string | null | undefined }) {
  const { lang } = useLang();
  if (!iso) return <>—</>;
  return <time dateTime={iso}>{formatTime(iso, lang)}</time>;
}

/** A share (0–1) as a percentage with one decimal: 0.123 → "12.3 %". */
export const pct = (v: number) => `${(v * 100).toFixed(1)} %`;
