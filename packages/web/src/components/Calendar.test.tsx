import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { Calendar } from './Calendar.tsx';

const cell = (name: string) => screen.getByRole('gridcell', { name });
const focused = () => document.activeElement?.getAttribute('aria-label');
const heading = () => screen.getByRole('heading').textContent;

describe('Calendar', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T10:00:00Z'));
  });
  afterEach(() => i18n.changeLanguage('en'));

  it('shows the month of its value, Sunday first in English, today marked, the value selected', () => {
    render(<Calendar value="2026-11-20" onPick={() => {}} />);
    expect(heading()).toBe('November 2026');
    expect(screen.getByRole('grid').getAttribute('aria-labelledby')).toBe(screen.getByRole('heading').id);
    const heads = screen.getAllByRole('columnheader');
    expect(heads.map((h) => h.getAttribute('abbr'))).toEqual([
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
    ]);
    expect(cell('25 November 2026').getAttribute('aria-current')).toBe('date');
    expect(cell('20 November 2026').getAttribute('aria-selected')).toBe('true');
    expect(cell('20 November 2026').tabIndex).toBe(0);
    expect(cell('21 November 2026').tabIndex).toBe(-1);
  });

  it('moves by the arrows, Page Up/Down (a month, with Shift a year), Home and End; Enter picks', async () => {
    const u = userEvent.setup();
    const onPick = vi.fn();
    render(<Calendar value="2026-11-25" onPick={onPick} />);
    cell('25 November 2026').focus();
    await u.keyboard('{ArrowRight}');
    expect(focused()).toBe('26 November 2026');
    await u.keyboard('{ArrowDown}');
    expect(focused()).toBe('3 December 2026');
    expect(heading()).toBe('December 2026');
    await u.keyboard('{ArrowUp}{ArrowLeft}');
    expect(focused()).toBe('25 November 2026');
    await u.keyboard('{PageUp}');
    expect(focused()).toBe('25 October 2026');
    expect(heading()).toBe('October 2026');
    await u.keyboard('{Shift>}{PageDown}{/Shift}');
    expect(focused()).toBe('25 October 2027');
    await u.keyboard('{PageDown}');
    expect(focused()).toBe('25 November 2027');
    // 25 November 2027 is a Thursday: its week runs from Sunday the 21st to Saturday the 27th.
    await u.keyboard('{Home}');
    expect(focused()).toBe('21 November 2027');
    await u.keyboard('{End}');
    expect(focused()).toBe('27 November 2027');
    await u.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith('2027-11-27');
    await u.keyboard('{ArrowLeft} ');
    expect(onPick).toHaveBeenLastCalledWith('2027-11-26');
  });

  it('mirrors left and right in a right-to-left page', async () => {
    const u = userEvent.setup();
    render(
      <div dir="rtl">
        <Calendar value="2026-11-25" onPick={() => {}} />
      </div>,
    );
    cell('25 November 2026').focus();
    await u.keyboard('{ArrowLeft}');
    expect(focused()).toBe('26 November 2026');
    await u.keyboard('{ArrowRight}{ArrowRight}');
    expect(focused()).toBe('24 November 2026');
  });

  it('changes the month and the year by its buttons, the focus staying on the button', async () => {
    const u = userEvent.setup();
    render(<Calendar value="2026-11-25" onPick={() => {}} />);
    await u.click(screen.getByRole('button', { name: 'Next month' }));
    expect(heading()).toBe('December 2026');
    await u.click(screen.getByRole('button', { name: 'Previous year' }));
    expect(heading()).toBe('December 2025');
    expect(focused()).toBe('Previous year');
    expect(cell('25 December 2025').tabIndex).toBe(0);
    await u.click(screen.getByRole('button', { name: 'Next year' }));
    await u.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(heading()).toBe('November 2026');
  });

  it('names the months and days in Arabic, the week from Saturday, with Latin digits', async () => {
    await i18n.changeLanguage('ar');
    render(<Calendar value="2026-11-25" onPick={() => {}} />);
    expect(heading()).toBe('نوفمبر 2026');
    const heads = screen.getAllByRole('columnheader');
    expect(heads[0]?.getAttribute('abbr')).toBe('السبت');
    expect(heads[6]?.getAttribute('abbr')).toBe('الجمعة');
    // 1 November 2026 is a Sunday: the second column of the first row.
    const firstRow = screen.getAllByRole('row')[1];
    expect(firstRow?.querySelectorAll('td')[1]?.getAttribute('aria-label')).toBe('1 نوفمبر 2026');
    expect(screen.getByRole('button', { name: 'الشهر التالي' })).toBeTruthy();
  });

  it('does not pick a disabled day', async () => {
    const u = userEvent.setup();
    const onPick = vi.fn();
    render(<Calendar onPick={onPick} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />);
    expect(cell('26 November 2026').getAttribute('aria-disabled')).toBe('true');
    await u.click(cell('26 November 2026'));
    expect(onPick).not.toHaveBeenCalled();
    await u.click(cell('24 November 2026'));
    expect(onPick).toHaveBeenCalledWith('2026-11-24');
  });

  it('highlights the days of a range', () => {
    render(<Calendar range={{ from: '2026-11-10', to: '2026-11-12' }} onPick={() => {}} />);
    expect(cell('10 November 2026').className).toContain('end');
    expect(cell('11 November 2026').className).toContain('between');
    expect(cell('11 November 2026').getAttribute('aria-selected')).toBe('true');
    expect(cell('13 November 2026').getAttribute('aria-selected')).toBe('false');
  });
});
