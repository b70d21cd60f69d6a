import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { Input } from './Input.tsx';

describe('Input', () => {
  it("is named by its Form.Item's label, gives the form what is typed and shows the item's error", async () => {
    const u = userEvent.setup();
    const onFinish = vi.fn();
    render(
      <Form onFinish={onFinish}>
        <Form.Item name="name" label="Name" rules={[{ required: true, message: 'Say a name' }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Button htmlType="submit">Save</Button>
      </Form>,
    );
    const input = screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    expect(input.id).toBe('name');
    expect(input.getAttribute('autocomplete')).toBe('off');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Say a name')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.classList.contains('error')).toBe(true);
    await u.type(input, 'Gold');
    await vi.waitFor(() => expect(input.getAttribute('aria-invalid')).toBeNull());
    expect(input.classList.contains('error')).toBe(false);
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onFinish).toHaveBeenCalledWith({ name: 'Gold' }));
  });

  it("follows its form's disabled, is emptied by the form and hands its input to a ref", async () => {
    const u = userEvent.setup();
    const ref = createRef<HTMLInputElement>();
    const { rerender } = render(
      <Form disabled>
        <Form.Item name="code" label="Code">
          <Input />
        </Form.Item>
      </Form>,
    );
    expect((screen.getByRole('textbox', { name: 'Code' }) as HTMLInputElement).disabled).toBe(true);
    const form = { current: undefined as ReturnType<typeof Form.useForm>[0] | undefined };
    function Reset() {
      const [f] = Form.useForm();
      form.current = f;
      return (
        <Form form={f}>
          <Form.Item name="code" label="Code">
            <Input ref={ref} />
          </Form.Item>
        </Form>
      );
    }
    rerender(<Reset />);
    const input = screen.getByRole('textbox', { name: 'Code' }) as HTMLInputElement;
    expect(input.disabled).toBe(false);
    expect(ref.current).toBe(input);
    await u.type(input, 'ABC');
    expect(form.current?.getFieldValue('code')).toBe('ABC');
    // A value set to undefined (not only a remount by resetFields) empties the field.
    act(() => form.current?.setFieldValue('code', undefined));
    expect(input.value).toBe('');
    act(() => form.current?.resetFields());
    expect((screen.getByRole('textbox', { name: 'Code' }) as HTMLInputElement).value).toBe('');
  });

  it('empties the field with its named clear button, which the form hears as typing', async () => {
    const u = userEvent.setup();
    const onChange = vi.fn();
    render(
      <Input aria-label="Note" allowClear defaultValue="kept" onChange={(e) => onChange(e.target.value)} />,
    );
    const input = screen.getByRole('textbox', { name: 'Note' }) as HTMLInputElement;
    await u.click(screen.getByRole('button', { name: 'Clear' }));
    expect(input.value).toBe('');
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(document.activeElement).toBe(input);
    // Nothing to clear, no button.
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
  });

  it('shows and hides a password with a named toggle, in both languages', async () => {
    const u = userEvent.setup();
    render(
      <>
        <label htmlFor="pw">Password</label>
        <Input.Password id="pw" autoComplete="new-password" />
      </>,
    );
    const input = screen.getByLabelText('Password') as HTMLInputElement;
    expect(input.type).toBe('password');
    expect(input.getAttribute('autocomplete')).toBe('new-password');
    await u.type(input, 's3cret');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await u.click(toggle);
    expect(input.type).toBe('text');
    expect(input.value).toBe('s3cret');
    expect(screen.getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed')).toBe('true');
    await act(() => i18n.changeLanguage('ar'));
    await u.click(screen.getByRole('button', { name: 'إخفاء كلمة المرور' }));
    expect(input.type).toBe('password');
    expect(screen.getByRole('button', { name: 'إظهار كلمة المرور' })).toBeTruthy();
  });

  it('searches by Enter and by its button, and for nothing when cleared', async () => {
    const u = userEvent.setup();
    const onSearch = vi.fn();
    render(<Input.Search aria-label="Search tiers" defaultValue="go" allowClear onSearch={onSearch} />);
    const box = screen.getByRole('searchbox', { name: 'Search tiers' });
    await u.type(box, 'ld{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('gold');
    await u.type(box, '!');
    await u.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenLastCalledWith('gold!');
    // The button's click leaves the focus in the field.
    expect(document.activeElement).toBe(box);
    await u.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onSearch).toHaveBeenLastCalledWith('');
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('puts the text of enterButton on a primary button that waits while loading', async () => {
    const u = userEvent.setup();
    const onSearch = vi.fn();
    const { rerender } = render(
      <Input.Search aria-label="Customer" enterButton="Check" onSearch={onSearch} />,
    );
    const box = screen.getByRole('searchbox', { name: 'Customer' });
    await u.type(box, 'C-1');
    await u.click(screen.getByRole('button', { name: 'Check' }));
    expect(onSearch).toHaveBeenLastCalledWith('C-1');
    rerender(<Input.Search aria-label="Customer" enterButton="Check" onSearch={onSearch} loading />);
    const button = screen.getByRole('button', { name: 'Check' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    await u.click(button);
    await u.type(box, '{Enter}');
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('counts a text area’s characters against its maximum, and shows its status', async () => {
    const u = userEvent.setup();
    render(<Input.TextArea aria-label="Body" rows={4} maxLength={10} showCount status="error" />);
    const area = screen.getByRole('textbox', { name: 'Body' }) as HTMLTextAreaElement;
    expect(area.rows).toBe(4);
    expect(area.classList.contains('error')).toBe(true);
    expect(screen.getByText('0 / 10')).toBeTruthy();
    await u.type(area, 'Hello, world');
    expect(area.value).toBe('Hello, wor');
    expect(screen.getByText('10 / 10')).toBeTruthy();
  });

  it('speaks Arabic right to left: the clear and search buttons', async () => {
    await act(() => i18n.changeLanguage('ar'));
    render(
      <div dir="rtl">
        <Input.Search aria-label="بحث الفئات" defaultValue="ذهبي" allowClear dir="rtl" />
      </div>,
    );
    const box = screen.getByRole('searchbox', { name: 'بحث الفئات' });
    expect(box.getAttribute('dir')).toBe('rtl');
    expect(screen.getByRole('button', { name: 'مسح' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'بحث' })).toBeTruthy();
  });
});
