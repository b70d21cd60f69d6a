import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DayInput, TimeInput } from './DayInput.tsx';
import { type DayRange, DayRangePicker, rangePresets } from './DayRangePicker.tsx';
import { DayRangeFilter } from './ListFilters.tsx';

/** A controlled field, as antd's Form.Item keeps it. */
function Field({
  Input,
  initial,
  onChange,
}: {
  Input: typeof DayInput;
  initial?: string;
  onChange: (v: string | undefined) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <Input
      id="f"
      aria-label="Valid from"
      value={value}
      onChange={(v) => {
        onChange(v);
        setValue(v);
      }}
    />
  );
}

const box = (name: string) => screen.getByRole('combobox', { name }) as HTMLInputElement;

describe('DayInput', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T10:00:00Z'));
  });

  it('commits a typed day on Enter or on leaving the field; an invalid text reverts', async () => {
    const u = userEvent.setup();
    const onChange = vi.fn();
    render(<Field Input={DayInput} initial="2026-01-01" onChange={onChange} />);
    const input = box('Valid from');
    expect(input.getAttribute('aria-haspopup')).toBe('dialog');
    await u.clear(input);
    await u.type(input, '2026-11-30{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('2026-11-30');
    expect(screen.queryByRole('dialog')).toBeNull();
    await u.clear(input);
    await u.type(input, '2026-02-31');
    await u.tab();
    expect(input.value).toBe('2026-11-30');
    expect(onChange).toHaveBeenCalledTimes(1);
    await u.clear(input);
    await u.tab();
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });

  it('opens a named dialog by a click; a picked day commits, closes it and gives the focus back', async () => {
    const u = userEvent.setup();
    const onChange = vi.fn();
    render(<Field Input={DayInput} initial="2026-11-10" onChange={onChange} />);
    const input = box('Valid from');
    await u.click(input);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    const dialog = screen.getByRole('dialog', { name: 'Choose a day' });
    expect(input.getAttribute('aria-controls')).toBe(dialog.id);
    expect(document.activeElement).toBe(input);
    await u.click(screen.getByRole('gridcell', { name: '12 November 2026' }));
    expect(onChange).toHaveBeenCalledWith('2026-11-12');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(input);
    expect(input.value).toBe('2026-11-12');
  });

  it('opens from the keyboard into the grid; Escape closes it and returns to the input', async () => {
    const u = userEvent.setup();
    const onChange = vi.fn();
    render(<Field Input={DayInput} initial="2026-11-10" onChange={onChange} />);
    box('Valid from').focus();
    await u.keyboard('{ArrowDown}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('10 November 2026');
    await u.keyboard('{PageDown}');
    expect(screen.getByRole('heading').textContent).toBe('December 2026');
    await u.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(box('Valid from'));
    await u.keyboard('{Enter}{ArrowRight}{Enter}');
    expect(onChange).toHaveBeenCalledWith('2026-11-11');
  });

  it("shows a form item's error state", () => {
    render(<DayInput aria-label="Day" aria-invalid="true" aria-describedby="day_help" />);
    expect(box('Day').closest('.picker')?.className).toContain('error');
    expect(box('Day').getAttribute('aria-describedby')).toBe('day_help');
  });
});

describe('TimeInput', () => {
  it('commits a typed time; an invalid one reverts', async () => {
    const u = userEvent.setup();
    const onChange = vi.fn();
    render(<Field Input={TimeInput} initial="08:00" onChange={onChange} />);
    const input = box('Valid from');
    await u.clear(input);
    await u.type(input, '9:30{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('09:30');
    await u.clear(input);
    await u.type(input, '24:10{Enter}');
    expect(input.value).toBe('09:30');
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('picks an hour and a minute from two listboxes', async () => {
    const u = userEvent.setup();
    const onChange = vi.fn();
    render(<Field Input={TimeInput} onChange={onChange} />);
    await u.click(box('Valid from'));
    screen.getByRole('dialog', { name: 'Choose a time' });
    const hours = screen.getByRole('listbox', { name: 'Hours' });
    expect(hours.querySelectorAll('[role="option"]')).toHaveLength(24);
    expect(screen.getByRole('listbox', { name: 'Minutes' }).querySelectorAll('[role="option"]')).toHaveLength(
      60,
    );
    const minutes = screen.getByRole('listbox', { name: 'Minutes' });
    await u.click(within(hours).getByRole('option', { name: '07' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(within(hours).getByRole('option', { name: '07' }).getAttribute('aria-selected')).toBe('true');
    await u.click(within(minutes).getByRole('option', { name: '45' }));
    expect(onChange).toHaveBeenCalledWith('07:45');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('moves in a column with the arrows and picks with Enter', async () => {
    const u = userEvent.setup();
    const onChange = vi.fn();
    render(<Field Input={TimeInput} initial="09:30" onChange={onChange} />);
    box('Valid from').focus();
    await u.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('09');
    await u.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('11:30');
    await u.keyboard('{ArrowRight}{ArrowUp}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('11:29');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('DayRangePicker', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T10:00:00Z'));
  });

  function Period({ onChange }: { onChange: (r: DayRange) => void }) {
    const [range, setRange] = useState<DayRange>({ from: '2026-11-01', to: '2026-11-07' });
    return (
      <DayRangePicker
        value={range}
        onChange={(r) => {
          onChange(r);
          setRange(r);
        }}
      />
    );
  }

  it('takes a range by two clicks, the earlier first', async () => {
    const u = userEvent.setup();
    const onChange = vi.fn();
    render(<Period onChange={onChange} />);
    expect(screen.getByRole('group', { name: 'Period' })).toBeTruthy();
    await u.click(box('Period start'));
    await u.click(screen.getByRole('gridcell', { name: '20 November 2026' }));
    expect(onChange).not.toHaveBeenCalled();
    await u.hover(screen.getByRole('gridcell', { name: '15 November 2026' }));
    expect(screen.getByRole('gridcell', { name: '17 November 2026' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await u.click(screen.getByRole('gridcell', { name: '10 November 2026' }));
    expect(onChange).toHaveBeenCalledWith({ from: '2026-11-10', to: '2026-11-20' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(box('Period start').value).toBe('2026-11-10');
    expect(box('Period end').value).toBe('2026-11-20');
  });

  it('takes a preset', async () => {
    const u = userEvent.setup();
    const onChange = vi.fn();
    render(<Period onChange={onChange} />);
    await u.click(box('Period end'));
    await u.click(screen.getByRole('button', { name: 'Last 30 days' }));
    expect(onChange).toHaveBeenCalledWith(rangePresets().last30);
    expect(rangePresets().last30).toEqual({ from: '2026-10-27', to: '2026-11-25' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('disables the days after today, and refuses them typed', async () => {
    const u = userEvent.setup();
    const onChange = vi.fn();
    render(<Period onChange={onChange} />);
    await u.click(box('Period end'));
    const tomorrow = screen.getByRole('gridcell', { name: '26 November 2026' });
    expect(tomorrow.getAttribute('aria-disabled')).toBe('true');
    await u.click(tomorrow);
    await u.click(tomorrow);
    expect(onChange).not.toHaveBeenCalled();
    await u.clear(box('Period end'));
    await u.type(box('Period end'), '2026-12-01{Enter}');
    expect(box('Period end').value).toBe('2026-11-07');
    await u.clear(box('Period end'));
    await u.type(box('Period end'), '2026-11-20{Enter}');
    expect(onChange).toHaveBeenCalledWith({ from: '2026-11-01', to: '2026-11-20' });
  });
});

describe('DayRangeFilter', () => {
  it('keeps either end open, and clears both', async () => {
    const u = userEvent.setup();
    const filter = vi.fn();
    function Filter() {
      const [filters, setFilters] = useState<Record<string, string | undefined>>({ to: '2026-11-20' });
      return (
        <DayRangeFilter
          list={{
            filters,
            filter: (patch) => {
              filter(patch);
              setFilters({ ...filters, ...patch });
            },
          }}
          fromLabel="logs.filters.from"
          toLabel="logs.filters.to"
        />
      );
    }
    render(<Filter />);
    const from = screen.getAllByRole('combobox')[0] as HTMLInputElement;
    expect(from.value).toBe('');
    await u.type(from, '2026-11-02{Enter}');
    expect(filter).toHaveBeenLastCalledWith({ from: '2026-11-02', to: '2026-11-20' });
    await u.clear(screen.getAllByRole('combobox')[1] as HTMLInputElement);
    await u.tab();
    expect(filter).toHaveBeenLastCalledWith({ from: '2026-11-02', to: undefined });
    await u.click(screen.getByRole('button', { name: 'Clear' }));
    expect(filter).toHaveBeenLastCalledWith({ from: undefined, to: undefined });
  });
});
