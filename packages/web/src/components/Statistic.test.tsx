import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Statistic } from './Statistic.tsx';

describe('Statistic', () => {
  it('shows a number grouped by thousands under its caption, a text as it is, and a placeholder while loading', () => {
    const { container, rerender } = render(<Statistic title="Balance" value={1234567.5} suffix="pts" />);
    expect(screen.getByText('Balance')).toBeTruthy();
    expect(container.querySelector('.statistic-value')?.textContent).toBe('1,234,567.5');
    expect(container.querySelector('.statistic-suffix')?.textContent).toBe('pts');
    rerender(<Statistic title="Issued" value="98000" />);
    expect(container.querySelector('.statistic-value')?.textContent).toBe('98,000');
    rerender(<Statistic title="Recipients" value="—" />);
    expect(container.querySelector('.statistic-value')?.textContent).toBe('—');
    rerender(<Statistic title="Recipients" value={3} loading />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(container.querySelector('.statistic-value')).toBeNull();
  });
});
