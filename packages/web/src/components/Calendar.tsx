import dayjs, { type Dayjs } from 'dayjs';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './plain.css';
import './calendar.css';
import { useDataLang } from './localized.tsx';

/** The text a day travels as in the forms, the URL and the contracts. */
export const DAY = 'YYYY-MM-DD';

/** Reads `2026-11-25` strictly (no `2026-02-31`), or undefined. */
export function parseDay(text: string | null | undefined): Dayjs | undefined {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const d = dayjs(text);
  return d.isValid() && d.format(DAY) === text ? d : undefined;
}

/** dayjs's locale of the screen's language: Arabic once the Arabic strings loaded it (i18n/index.ts). */
export function useDayLocale(): string {
  return useDataLang() === 'ar' && dayjs.Ls.ar ? 'ar' : 'en';
}

interface CalendarProps {
  /** The picked day (`YYYY-MM-DD`): selected, and the month shown first. */
  value?: string;
  /** Range mode: the two ends (either may be missing); the days between are highlighted. */
  range?: { from?: string; to?: string };
  /** The month shown first when there is no value (`YYYY-MM-DD` of any day in it); else today's. */
  initial?: string;
  onPick: (day: string) => void;
  /** A day under the pointer or the keyboard focus (range mode: the preview of the second end). */
  onActive?: (day: string) => void;
  disabledDate?: (day: Dayjs) => boolean;
}

const mirrored = (el: Element) => el.closest('[dir]')?.getAttribute('dir') === 'rtl';

/**
 * A month of days after WAI-ARIA's date picker dialog pattern: previous/next month and year buttons,
 * the month as a live heading, a grid of day cells with one tab stop (arrows by a day or a week,
 * mirrored right to left; Page Up/Down a month, with Shift a year; Home/End the week's ends; Enter
 * or Space picks). Names of months and days from dayjs's locale of the screen's language, whose
 * week starts on Saturday in Arabic; the digits stay Latin (docs/decisions/bilingual.md).
 */
export function Calendar({ value, range, initial, onPick, onActive, disabledDate }: CalendarProps) {
  const { t } = useTranslation();
  const locale = useDayLocale();
  const headingId = useId();
  const grid = useRef<HTMLTableElement>(null);
  const start =
    parseDay(value) ?? parseDay(range?.from) ?? parseDay(range?.to) ?? parseDay(initial) ?? dayjs();
  const [active, setActive] = useState<Dayjs>(start.startOf('day'));
  const moved = useRef(false);

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLElement>(`[data-day="${active.format(DAY)}"]`)?.focus();
  }, [active]);

  const weekStart = dayjs.Ls[locale]?.weekStart ?? 0;
  const month = active.locale(locale).startOf('month');
  const first = month.subtract((month.day() - weekStart + 7) % 7, 'day');
  const days = Array.from({ length: 42 }, (_, i) => first.add(i, 'day'));
  const weeks = Array.from({ length: 6 }, (_, w) => days.slice(w * 7, w * 7 + 7));
  const today = dayjs().format(DAY);
  const from = range ? parseDay(range.from) : parseDay(value);
  const to = range ? parseDay(range.to) : parseDay(value);
  const [low, high] = from && to?.isBefore(from) ? [to, from] : [from, to];

  const go = (next: Dayjs, focus = true) => {
    moved.current = focus;
    setActive(next);
    if (focus) onActive?.(next.format(DAY));
  };
  const pick = (d: Dayjs) => {
    if (!disabledDate?.(d)) onPick(d.format(DAY));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    const back = mirrored(e.currentTarget) ? 1 : -1;
    const offset = (active.day() - weekStart + 7) % 7;
    const next: Record<string, () => Dayjs> = {
      ArrowLeft: () => active.add(back, 'day'),
      ArrowRight: () => active.add(-back, 'day'),
      ArrowUp: () => active.subtract(1, 'week'),
      ArrowDown: () => active.add(1, 'week'),
      PageUp: () => active.subtract(1, e.shiftKey ? 'year' : 'month'),
      PageDown: () => active.add(1, e.shiftKey ? 'year' : 'month'),
      Home: () => active.subtract(offset, 'day'),
      End: () => active.add(6 - offset, 'day'),
    };
    const move = next[e.key];
    if (move) {
      e.preventDefault();
      go(move());
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      pick(active);
    }
    // Escape bubbles to the picker, which closes its popover and gives the focus back to its input.
  };

  const step = (amount: number, unit: 'month' | 'year') => go(active.add(amount, unit), false);

  return (
    <div className="calendar">
      <div className="calendar-head">
        <button
          type="button"
          className="calendar-step back double"
          aria-label={t('common.calendar.previousYear')}
          onClick={() => step(-1, 'year')}
        />
        <button
          type="button"
          className="calendar-step back"
          aria-label={t('common.calendar.previousMonth')}
          onClick={() => step(-1, 'month')}
        />
        <h2 id={headingId} className="calendar-title" aria-live="polite">
          {month.format('MMMM YYYY')}
        </h2>
        <button
          type="button"
          className="calendar-step forward"
          aria-label={t('common.calendar.nextMonth')}
          onClick={() => step(1, 'month')}
        />
        <button
          type="button"
          className="calendar-step forward double"
          aria-label={t('common.calendar.nextYear')}
          onClick={() => step(1, 'year')}
        />
      </div>
      <table
        ref={grid}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: WAI-ARIA's date picker: a table as the grid of days
        role="grid"
        aria-labelledby={headingId}
        className="calendar-grid"
        onKeyDown={onKeyDown}
        onClick={(e) => {
          const d = parseDay((e.target as Element).closest<HTMLElement>('[data-day]')?.dataset.day);
          if (!d) return;
          go(d, false);
          pick(d);
        }}
        onMouseOver={(e) => {
          const d = (e.target as Element).closest<HTMLElement>('[data-day]')?.dataset.day;
          if (d) onActive?.(d);
        }}
        onFocus={(e) => {
          const d = (e.target as Element).closest<HTMLElement>('[data-day]')?.dataset.day;
          if (d) onActive?.(d);
        }}
      >
        <thead>
          <tr>
            {weeks[0]?.map((d) => (
              <th key={d.day()} scope="col" abbr={d.format('dddd')}>
                <span aria-hidden="true">{d.format('dd')}</span>
                <span className="plain-sr">{d.format('dddd')}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.format(DAY)}>
              {week.map((d) => {
                const key = d.format(DAY);
                const disabled = disabledDate?.(d) ?? false;
                const selected = !!low && !!high && !d.isBefore(low, 'day') && !d.isAfter(high, 'day');
                const end = (low && d.isSame(low, 'day')) || (high && d.isSame(high, 'day'));
                const className = [
                  'calendar-day',
                  d.month() !== month.month() && 'outside',
                  key === today && 'today',
                  selected && (end ? 'end' : 'between'),
                  low && d.isSame(low, 'day') && 'first',
                  high && d.isSame(high, 'day') && 'last',
                ]
                  .filter(Boolean)
                  .join(' ');
                return (
                  <td
                    key={key}
                    // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a grid's cell
                    role="gridcell"
                    data-day={key}
                    tabIndex={d.isSame(active, 'day') ? 0 : -1}
                    aria-label={d.format('D MMMM YYYY')}
                    aria-selected={selected}
                    aria-current={key === today ? 'date' : undefined}
                    aria-disabled={disabled || undefined}
                    className={className}
                  >
                    <span>{d.date()}</span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
