import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Tabs } from './Tabs.tsx';

const items = [
  { key: 'ledger', label: 'Ledger', children: <input aria-label="Note" /> },
  { key: 'tiers', label: 'Tier history', children: 'Silver since May' },
  { key: 'messages', label: 'Messages', children: 'No messages' },
];

describe('Tabs', () => {
  it('shows one panel at a time; a visited one keeps what was typed in it', async () => {
    const u = userEvent.setup();
    render(<Tabs items={items} />);
    expect(screen.getByRole('tab', { name: 'Ledger' }).getAttribute('aria-selected')).toBe('true');
    await u.type(screen.getByRole('textbox', { name: 'Note' }), 'kept');
    await u.click(screen.getByRole('tab', { name: 'Tier history' }));
    expect(screen.getByRole('tabpanel').textContent).toBe('Silver since May');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(
      screen.getByRole('tab', { name: 'Tier history' }).id,
    );
    await u.click(screen.getByRole('tab', { name: 'Ledger' }));
    expect((screen.getByRole('textbox', { name: 'Note' }) as HTMLInputElement).value).toBe('kept');
  });

  it('moves between the tabs with the arrows, Home and End, one tab stop for the bar', async () => {
    const u = userEvent.setup();
    const onChange = vi.fn();
    function Kept() {
      const [key, setKey] = useState('tiers');
      return (
        <Tabs
          items={items}
          activeKey={key}
          onChange={(k) => {
            onChange(k);
            setKey(k);
          }}
          destroyOnHidden
        />
      );
    }
    render(<Kept />);
    await u.tab();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Tier history' }));
    await u.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Messages' }));
    expect(onChange).toHaveBeenLastCalledWith('messages');
    await u.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Ledger' }));
    await u.keyboard('{End}');
    expect(screen.getByRole('tabpanel').textContent).toBe('No messages');
    await u.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Ledger' }).getAttribute('aria-selected')).toBe('true');
    // Hidden panels are gone, and the next stop after the tab is its panel.
    expect(screen.queryByText('No messages')).toBeNull();
    await u.tab();
    expect(document.activeElement).toBe(screen.getByRole('tabpanel'));
  });
});
