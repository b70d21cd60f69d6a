import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { InputNumber, type InputNumberProps } from './InputNumber.tsx';

/** A controlled number, as a screen keeps one in its state. */
function Field({ initial = null, onChange, ...props }: InputNumberProps & { initial?: number | null }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <InputNumber
      aria-label="Days"
      {...props}
      value={value}
      onChange={(v) => {
        onChange?.(v);
        setValue(v);
      }}
    />
  );
}

const box = () => screen.getByRole('spinbutton', { name: 'Days' }) as HTMLInputElement;

describe('InputNumber', () => {
  it("is a spinbutton named by its Form.Item's label that gives the form a number, or null when emptied", async () => {
    const u = userEvent.setup();
    const onFinish = vi.fn();
    render(
      <Form onFinish={onFinish} initialValues={{ days: 7 }}>
        <Form.Item name="days" label="Retention" rules={[{ required: true, message: 'How many days?' }]}>
          <InputNumber min={1} max={365} />
        </Form.Item>
        <Button htmlType="submit">Save</Button>
      </Form>,
    );
    const input = screen.getByRole('spinbutton', { name: 'Retention' }) as HTMLInputElement;
    expect(input.id).toBe('days');
    expect(input.value).toBe('7');
    expect(input.getAttribute('aria-valuemin')).toBe('1');
    expect(input.getAttribute('aria-valuemax')).toBe('365');
    expect(input.getAttribute('aria-valuenow')).toBe('7');
    await u.clear(input);
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('How many days?')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.closest('.input-number')?.classList.contains('error')).toBe(true);
    await u.type(input, '30');
    expect(input.getAttribute('aria-valuenow')).toBe('30');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onFinish).toHaveBeenCalledWith({ days: 30 }));
  });

  it('steps by the arrow keys and the steppers, without floating-point noise, within min and max', async () => {
    const u = userEvent.setup();
    const onChange = vi.fn();
    render(<Field initial={9.9} min={0.1} max={10} step={0.05} onChange={onChange} />);
    box().focus();
    await u.keyboard('{ArrowUp}');
    expect(onChange).toHaveBeenLastCalledWith(9.95);
    await u.keyboard('{ArrowUp}{ArrowUp}');
    expect(box().value).toBe('10');
    expect(onChange).toHaveBeenCalledTimes(2);
    expect((screen.getByRole('button', { name: 'Increase' }) as HTMLButtonElement).disabled).toBe(true);
    await u.click(screen.getByRole('button', { name: 'Decrease' }));
    expect(onChange).toHaveBeenLastCalledWith(9.95);
    expect(document.activeElement).toBe(box());
    await u.keyboard('{ArrowDown}');
    expect(box().value).toBe('9.9');
  });

  it('takes a number out of range when the field is left, brought within it and rounded; reverts a text that is no number', async () => {
    const u = userEvent.setup();
    const onChange = vi.fn();
    render(<Field initial={90} min={30} max={365} precision={0} onChange={onChange} />);
    expect(box().getAttribute('inputmode')).toBe('numeric');
    await u.clear(box());
    expect(onChange).toHaveBeenLastCalledWith(null);
    await u.type(box(), '5');
    // Below min: not yet a value.
    expect(onChange).toHaveBeenCalledTimes(1);
    await u.tab();
    expect(onChange).toHaveBeenLastCalledWith(30);
    expect(box().value).toBe('30');
    await u.clear(box());
    await u.type(box(), '45.6{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(46);
    expect(box().value).toBe('46');
    await u.type(box(), 'abc');
    await u.tab();
    expect(box().value).toBe('46');
    await u.clear(box());
    expect(onChange).toHaveBeenLastCalledWith(null);
    // Stepping from nothing starts at 0, brought within range.
    await u.type(box(), '-{ArrowUp}');
    expect(onChange).toHaveBeenLastCalledWith(30);
  });

  it('follows a value set from outside, and is disabled with its form', () => {
    const { rerender } = render(<InputNumber aria-label="Days" value={3} precision={2} />);
    expect(box().value).toBe('3.00');
    rerender(<InputNumber aria-label="Days" value={4} precision={2} />);
    expect(box().value).toBe('4.00');
    expect(box().getAttribute('inputmode')).toBe('decimal');
    rerender(
      <Form disabled>
        <InputNumber aria-label="Days" value={4} />
      </Form>,
    );
    expect(box().disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Increase' })).toBeNull();
  });

  it('speaks Arabic: the steppers’ names, the unit', async () => {
    await act(() => i18n.changeLanguage('ar'));
    render(
      <div dir="rtl">
        <InputNumber aria-label="Days" defaultValue={10} suffix="يوم" />
      </div>,
    );
    expect(box().value).toBe('10');
    expect(screen.getByRole('button', { name: 'زيادة' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'إنقاص' })).toBeTruthy();
    expect(screen.getByText('يوم')).toBeTruthy();
  });
});
