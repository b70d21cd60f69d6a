import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { Switch } from './Switch.tsx';

describe('Switch', () => {
  it('is a named switch that reports its new state, by click and by Space', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<Switch aria-label="Enabled" checked={false} onChange={onChange} />);
    const toggle = screen.getByRole('switch', { name: 'Enabled' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await userEvent.click(toggle);
    expect(onChange).toHaveBeenLastCalledWith(true);
    rerender(<Switch aria-label="Enabled" checked onChange={onChange} />);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    toggle.focus();
    await userEvent.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith(false);
  });

  it('keeps its own state when uncontrolled, and waits while loading', async () => {
    const { rerender } = render(<Switch aria-label="Enabled" defaultChecked />);
    const toggle = screen.getByRole('switch', { name: 'Enabled' });
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    rerender(<Switch aria-label="Enabled" loading />);
    expect((toggle as HTMLButtonElement).disabled).toBe(true);
    expect(toggle.getAttribute('aria-busy')).toBe('true');
  });

  it("follows a disabled form, as antd's did", () => {
    render(
      <Form disabled>
        <Form.Item name="on" label="Enabled" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>,
    );
    expect((screen.getByRole('switch', { name: 'Enabled' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
