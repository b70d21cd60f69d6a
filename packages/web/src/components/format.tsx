/** Numbers and times as the back office shows them, the same in English and Arabic. */
import type { ReactNode } from 'react';
import { useLang } from '../i18n/lang.ts';

const integer = new Intl.NumberFormat('en-US');
const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Points and counts with grouped digits: 24,608. */
export const formatPoints = (n: number) => integer.format(n);

/** A money amount with two decimals: 81,163.89. */
export const formatAmount = (n: number) => money.format(n);

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

/** A moment for staff, in their language ("22 Nov 2026, 20:05"; Arabic month names and digits). */
export const formatTime = (iso: string | null | undefined, lang: string) =>
  iso
    ? new Date(iso).toLocaleString(lang === 'ar' ? 'ar' : 'en-GB', {
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
