import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Panel } from './Panel.tsx';

describe('Skeleton', () => {
  it('stands in for a loading panel’s body and says so to screen readers', () => {
    const { rerender } = render(
      <Panel title="Tiers" loading>
        Gold
      </Panel>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.queryByText('Gold')).toBeNull();
    rerender(<Panel title="Tiers">Gold</Panel>);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('Gold')).toBeTruthy();
  });
});
