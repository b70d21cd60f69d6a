import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { type Period, PeriodInput } from './PeriodInput.tsx';

function Field({ seen }: { seen: Period[] }) {
  const [value, setValue] = useState<Period>(null);
  return (
    <PeriodInput
      value={value}
      onChange={(p) => {
        seen.push(p);
        setValue(p);
      }}
    />
  );
}

const fmt = (p: Period | undefined) => p?.map((d) => d?.format('YYYY-MM-DD HH:mm') ?? null);

describe('PeriodInput', () => {
  it('makes each end of the period from a day and a time, a day alone spanning the whole day', async () => {
    const u = userEvent.setup();
    const seen: Period[] = [];
    render(<Field seen={seen} />);
    await u.type(screen.getByRole('combobox', { name: 'Starts' }), '2026-12-01{Enter}');
    await u.type(screen.getByRole('combobox', { name: 'Ends' }), '2026-12-31{Enter}');
    expect(fmt(seen.at(-1))).toEqual(['2026-12-01 00:00', '2026-12-31 23:59']);
    const startTime = screen.getByRole('combobox', { name: 'Start time' });
    expect((startTime as HTMLInputElement).value).toBe('00:00');
    await u.clear(startTime);
    await u.type(startTime, '09:30{Enter}');
    expect(fmt(seen.at(-1))).toEqual(['2026-12-01 09:30', '2026-12-31 23:59']);
    await u.clear(screen.getByRole('combobox', { name: 'Ends' }));
    await u.tab();
    expect(fmt(seen.at(-1))).toEqual(['2026-12-01 09:30', null]);
  });
});
