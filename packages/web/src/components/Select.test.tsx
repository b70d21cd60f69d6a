import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { Select, type SelectProps, type SelectValue } from './Select.tsx';

const fruits = [
  { value: 'apple', label: 'Apple' },
  { value: 'banana', label: 'Banana' },
  { value: 'cherry', label: 'Cherry', disabled: true },
  { value: 'date', label: 'Date' },
  { value: 'elderberry', label: 'Elderberry' },
];

/** A controlled select, as antd's Form.Item keeps it. */
function Field({ initial, onChange, ...props }: SelectProps & { initial?: SelectValue | SelectValue[] }) {
  const [value, setValue] = useState(initial);
  return (
    <Select
      aria-label="Fruit"
      options={fruits}
      {...props}
      value={value}
      onChange={(v, option) => {
        onChange?.(v, option);
        setValue(v);
      }}
    />
  );
}

const box = (name = 'Fruit') => screen.getByRole('combobox', { name }) as HTMLInputElement;
const active = () => {
  const id = box().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.textContent : undefined;
};
const chips = () => [...document.querySelectorAll('.select-chip-label')].map((c) => c.textContent);

describe('Select', () => {
  it('opens, moves and picks from the keyboard (WAI-ARIA combobox with a listbox)', async () => {
    const u = userEvent.setup();
    const onChange = vi.fn();
    const onOpenChange = vi.fn();
    render(<Field onChange={onChange} onOpenChange={onOpenChange} />);
    const input = box();
    expect(input.getAttribute('aria-autocomplete')).toBe('list');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-controls')).toBeNull();
    await u.tab();
    expect(document.activeElement).toBe(input);
    await u.keyboard('{ArrowDown}');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('listbox', { name: 'Fruit' });
    expect(input.getAttribute('aria-controls')).toBe(list.id);
    expect(within(list).getAllByRole('option')).toHaveLength(5);
    expect(onOpenChange).toHaveBeenLastCalledWith(true);
    expect(active()).toBe('Apple');
    await u.keyboard('{ArrowDown}{ArrowDown}');
    // The disabled option is skipped.
    expect(active()).toBe('Date');
    await u.keyboard('{End}');
    expect(active()).toBe('Elderberry');
    await u.keyboard('{ArrowDown}');
    expect(active()).toBe('Apple');
    await u.keyboard('{ArrowUp}');
    expect(active()).toBe('Elderberry');
    await u.keyboard('{Home}{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('banana', { value: 'banana', label: 'Banana' });
    expect(input.value).toBe('Banana');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    expect(document.activeElement).toBe(input);
    // Opened again, the value's option is the active one and marked selected.
    await u.keyboard('{ArrowDown}');
    expect(active()).toBe('Banana');
    expect(screen.getByRole('option', { name: 'Banana' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('option', { name: 'Apple' }).getAttribute('aria-selected')).toBe('false');
  });

  it('closes on Escape without picking; a second Escape reaches what is around it', async () => {
    const u = userEvent.setup();
    const onChange = vi.fn();
    const outer = vi.fn();
    render(
      // biome-ignore lint/a11y/noStaticElementInteractions: a stand-in for a modal listening for Escape
      <div onKeyDown={(e) => e.key === 'Escape' && outer()}>
        <Field onChange={onChange} initial="apple" />
      </div>,
    );
    await u.click(box());
    expect(box().getAttribute('aria-expanded')).toBe('true');
    await u.keyboard('{ArrowDown}{Escape}');
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(outer).not.toHaveBeenCalled();
    await u.keyboard('{Escape}');
    expect(outer).toHaveBeenCalledTimes(1);
    expect(box().value).toBe('Apple');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('opens and closes by a click, picks by a click, closes on a click outside or on Tab', async () => {
    const u = userEvent.setup();
    const onChange = vi.fn();
    render(
      <>
        <Field onChange={onChange} />
        <button type="button">After</button>
      </>,
    );
    await u.click(box());
    expect(box().getAttribute('aria-expanded')).toBe('true');
    await u.click(box());
    expect(box().getAttribute('aria-expanded')).toBe('false');
    await u.click(box());
    await u.click(screen.getByRole('option', { name: 'Date' }));
    expect(onChange).toHaveBeenLastCalledWith('date', { value: 'date', label: 'Date' });
    expect(screen.queryByRole('listbox')).toBeNull();
    // A disabled option is not picked.
    await u.click(box());
    await u.click(screen.getByRole('option', { name: 'Cherry' }));
    expect(onChange).toHaveBeenCalledTimes(1);
    await u.click(document.body);
    expect(screen.queryByRole('listbox')).toBeNull();
    await u.click(box());
    await u.tab();
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After' }));
  });

  it('filters by label as one types (case-insensitive, anywhere in it); no match says so', async () => {
    const u = userEvent.setup();
    const onChange = vi.fn();
    render(<Field onChange={onChange} />);
    await u.type(box(), 'AN');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Banana']);
    expect(active()).toBe('Banana');
    await u.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('banana', expect.anything());
    await u.clear(box());
    await u.type(box(), 'zzz');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByText('No data')).toBeTruthy();
    // Leaving the field drops what was typed: the value's label is back.
    await u.tab();
    expect(box().value).toBe('Banana');
  });

  it('hands the typed text to onSearch and leaves the filtering to the server', async () => {
    const u = userEvent.setup();
    const onSearch = vi.fn();
    render(<Field showSearch={{ filterOption: false, onSearch }} loading />);
    await u.type(box(), 'zz');
    expect(onSearch).toHaveBeenLastCalledWith('zz');
    // Every option given is shown: the server chose them.
    expect(screen.getAllByRole('option')).toHaveLength(5);
    expect(document.querySelector('.select-spinner')).toBeTruthy();
    await u.keyboard('{Escape}');
    expect(onSearch).toHaveBeenLastCalledWith('');
  });

  it('keeps a chosen value’s label when the server’s search brings other options', async () => {
    const u = userEvent.setup();
    const { rerender } = render(<Field mode="multiple" showSearch={{ onSearch: () => {} }} />);
    await u.click(box());
    await u.click(screen.getByRole('option', { name: 'Date' }));
    rerender(
      <Field
        mode="multiple"
        showSearch={{ onSearch: () => {} }}
        options={[{ value: 'fig', label: 'Fig' }]}
      />,
    );
    expect(chips()).toEqual(['Date']);
  });

  it('says it is loading while an empty list loads', async () => {
    const u = userEvent.setup();
    render(<Field options={[]} loading />);
    await u.click(box());
    expect(screen.getByText('Loading…')).toBeTruthy();
  });

  it('clears its value with the × button', async () => {
    const u = userEvent.setup();
    const onChange = vi.fn();
    render(<Field onChange={onChange} initial="date" allowClear />);
    expect(box().value).toBe('Date');
    // Tab closes the list on its way to the clear button.
    await u.click(box());
    await u.tab();
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Clear' }));
    await u.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onChange).toHaveBeenLastCalledWith(undefined, undefined);
    expect(box().value).toBe('');
    expect(box().getAttribute('placeholder')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
    expect(document.activeElement).toBe(box());
  });

  it('multiple: Enter toggles and keeps the list open; chips go by Backspace or their button', async () => {
    const u = userEvent.setup();
    const onChange = vi.fn();
    render(<Field mode="multiple" onChange={onChange} placeholder="Any fruit" />);
    expect(box().getAttribute('placeholder')).toBe('Any fruit');
    await u.click(box());
    const list = screen.getByRole('listbox');
    expect(list.getAttribute('aria-multiselectable')).toBe('true');
    await u.keyboard('{Enter}{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(
      ['apple', 'banana'],
      [
        { value: 'apple', label: 'Apple' },
        { value: 'banana', label: 'Banana' },
      ],
    );
    expect(box().getAttribute('aria-expanded')).toBe('true');
    expect(chips()).toEqual(['Apple', 'Banana']);
    expect(box().getAttribute('placeholder')).toBeNull();
    // Enter on a chosen option takes it back.
    await u.keyboard('{Enter}');
    expect(chips()).toEqual(['Apple']);
    await u.click(screen.getByRole('option', { name: 'Date' }));
    await u.click(screen.getByRole('option', { name: 'Elderberry' }));
    expect(chips()).toEqual(['Apple', 'Date', 'Elderberry']);
    await u.keyboard('{Backspace}');
    expect(chips()).toEqual(['Apple', 'Date']);
    expect(onChange).toHaveBeenLastCalledWith(['apple', 'date'], expect.anything());
    await u.click(screen.getByRole('button', { name: 'Remove Apple' }));
    expect(chips()).toEqual(['Date']);
    expect(document.activeElement).toBe(box());
    // Typing filters; a pick clears the text.
    await u.type(box(), 'ban{Enter}');
    expect(chips()).toEqual(['Date', 'Banana']);
    expect(box().value).toBe('');
    // Backspace in typed text edits the text, not the chips.
    await u.type(box(), 'x{Backspace}');
    expect(chips()).toEqual(['Date', 'Banana']);
  });

  it('tags: typed text becomes values at a separator, on Enter and on leaving the field', async () => {
    const u = userEvent.setup();
    const onChange = vi.fn();
    render(
      <>
        <Field mode="tags" options={[]} tokenSeparators={[',', ' ']} onChange={onChange} />
        <button type="button">After</button>
      </>,
    );
    await u.type(box(), 'gold,silver bronze');
    expect(chips()).toEqual(['gold', 'silver']);
    expect(box().value).toBe('bronze');
    // What is being typed is the list's first option.
    expect(screen.getAllByRole('option')[0]?.textContent).toBe('bronze');
    await u.keyboard('{Enter}');
    expect(chips()).toEqual(['gold', 'silver', 'bronze']);
    await u.type(box(), 'iron');
    await u.tab();
    expect(chips()).toEqual(['gold', 'silver', 'bronze', 'iron']);
    expect(onChange).toHaveBeenLastCalledWith(['gold', 'silver', 'bronze', 'iron'], expect.anything());
    // A tag already there is not added twice; a separator alone adds nothing.
    await u.type(box(), 'gold, ');
    expect(chips()).toEqual(['gold', 'silver', 'bronze', 'iron']);
  });

  it("is named by its Form.Item's label and shows the item's error", async () => {
    const u = userEvent.setup();
    render(
      <Form>
        <Form.Item name="fruit" label="Favourite fruit" rules={[{ required: true, message: 'Pick one' }]}>
          <Select options={fruits} />
        </Form.Item>
        <Button htmlType="submit">Save</Button>
      </Form>,
    );
    const input = screen.getByRole('combobox', { name: 'Favourite fruit' });
    expect(input.id).toBe('fruit');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Pick one')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.closest('.select')?.classList.contains('error')).toBe(true);
    await u.click(input);
    await u.click(screen.getByRole('option', { name: 'Apple' }));
    await vi.waitFor(() => expect(input.getAttribute('aria-invalid')).toBeNull());
  });

  it('is uncontrolled with a defaultValue, and disabled takes no input', async () => {
    const u = userEvent.setup();
    const { rerender } = render(<Select aria-label="Fruit" options={fruits} defaultValue="date" />);
    expect(box().value).toBe('Date');
    await u.click(box());
    await u.click(screen.getByRole('option', { name: 'Apple' }));
    expect(box().value).toBe('Apple');
    rerender(<Select aria-label="Fruit" options={fruits} defaultValue="date" disabled />);
    expect(box().disabled).toBe(true);
    await u.click(box());
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('speaks Arabic right to left: the empty list, the chips’ buttons, the clear button', async () => {
    const u = userEvent.setup();
    await act(() => i18n.changeLanguage('ar'));
    try {
      render(
        <div dir="rtl">
          <Field mode="multiple" options={[{ value: 1, label: 'ذهبي' }]} initial={[1]} allowClear />
        </div>,
      );
      expect(screen.getByRole('button', { name: 'إزالة ذهبي' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'مسح' })).toBeTruthy();
      expect(box().closest('[dir]')?.getAttribute('dir')).toBe('rtl');
      await u.type(box(), 'x');
      expect(screen.getByText('لا توجد بيانات')).toBeTruthy();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it("follows a disabled form, as antd's did", () => {
    render(
      <Form disabled>
        <Form.Item name="tier" label="Tier">
          <Select options={[{ value: 1, label: 'Gold' }]} />
        </Form.Item>
      </Form>,
    );
    expect((screen.getByRole('combobox', { name: 'Tier' }) as HTMLInputElement).disabled).toBe(true);
  });
});
