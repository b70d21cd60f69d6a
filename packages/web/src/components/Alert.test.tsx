import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Alert } from './Alert.tsx';

describe('Alert', () => {
  it('is an alert region with its title, text and action, and goes away when closed', async () => {
    const onClose = vi.fn();
    render(
      <Alert
        type="error"
        showIcon
        title="Not saved"
        description="The name is taken."
        action={<button type="button">Retry</button>}
        closable={{ onClose }}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.className).toContain('alert-error');
    expect(alert.className).toContain('alert-with-description');
    expect(alert.textContent).toContain('Not saved');
    expect(alert.textContent).toContain('The name is taken.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
