import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Badge } from './Badge.tsx';
import { Tooltip } from './Tooltip.tsx';

describe('Tooltip', () => {
  it('describes its element, shows on hover and focus, hides on leaving and Escape', async () => {
    render(
      <Tooltip title="Requests waiting for you: 3">
        <button type="button">Approvals</button>
      </Tooltip>,
    );
    const button = screen.getByRole('button', { name: 'Approvals' });
    const tip = screen.getByRole('tooltip', { hidden: true });
    expect(button.getAttribute('aria-describedby')).toBe(tip.id);
    expect(tip.hidden).toBe(true);
    await userEvent.hover(button);
    expect(tip.hidden).toBe(false);
    await userEvent.unhover(button);
    await waitFor(() => expect(tip.hidden).toBe(true));
    act(() => button.focus());
    expect(tip.hidden).toBe(false);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(tip.hidden).toBe(true);
  });
});

describe('Badge', () => {
  it('shows a count above zero on its element, 99+ beyond 99', () => {
    const { rerender, container } = render(
      <Badge count={0} data-testid="b">
        <button type="button">Requests</button>
      </Badge>,
    );
    expect(container.querySelector('.badge-count')).toBeNull();
    rerender(
      <Badge count={7} color="blue" data-testid="b">
        <button type="button">Requests</button>
      </Badge>,
    );
    expect(screen.getByTestId('b').querySelector('.badge-count.badge-blue')?.textContent).toBe('7');
    rerender(
      <Badge count={120} data-testid="b">
        <button type="button">Requests</button>
      </Badge>,
    );
    expect(screen.getByTestId('b').textContent).toBe('Requests99+');
  });
});
