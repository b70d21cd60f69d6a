import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Progress } from './Progress.tsx';

describe('Progress', () => {
  it('is a named progress bar with its value, the percentage beside it', () => {
    render(<Progress percent={42.4} status="active" aria-label="Sending" />);
    const bar = screen.getByRole('progressbar', { name: 'Sending' });
    expect(bar.getAttribute('aria-valuenow')).toBe('42.4');
    expect(bar.textContent).toBe('42%');
    expect(bar.className).toContain('progress-active');
  });

  it('shows the outcome: success at 100 by default, a failure when told, or a caller format', () => {
    const { rerender } = render(<Progress percent={100} aria-label="Run" />);
    const bar = screen.getByRole('progressbar', { name: 'Run' });
    expect(bar.className).toContain('progress-success');
    expect(bar.querySelector('.anticon-check-circle')).not.toBeNull();
    rerender(<Progress percent={30} status="exception" aria-label="Run" />);
    expect(bar.querySelector('.anticon-close-circle')).not.toBeNull();
    rerender(<Progress percent={130} format={(p) => `${p / 100}`} aria-label="Run" />);
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(bar.textContent).toBe('1');
  });
});
