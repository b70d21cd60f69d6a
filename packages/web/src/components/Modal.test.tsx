import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { Modal, type ModalProps } from './Modal.tsx';
import { Select } from './Select.tsx';

/** A button that opens the modal, which Cancel, the close button, Escape and the mask close. */
function Opener({ children, ...props }: Partial<ModalProps> & { children?: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal title="Block customer" open={open} onCancel={() => setOpen(false)} {...props}>
        {children ?? (
          <label>
            Reason <input />
          </label>
        )}
      </Modal>
    </>
  );
}

const dialog = () => screen.getByRole('dialog', { name: 'Block customer' });
const opener = () => screen.getByRole('button', { name: 'Open' });

describe('Modal', () => {
  it('is a modal dialog named by its title, with OK and Cancel, drawn only once opened', async () => {
    const onOk = vi.fn();
    const onCancel = vi.fn();
    const { rerender } = render(<Modal title="Block customer" onOk={onOk} onCancel={onCancel} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender(
      <Modal open title="Block customer" onOk={onOk} onCancel={onCancel} width={820}>
        Sure?
      </Modal>,
    );
    expect(dialog().getAttribute('aria-modal')).toBe('true');
    expect(dialog().textContent).toContain('Sure?');
    expect(within(dialog()).getByRole('heading', { name: 'Block customer' })).toBeTruthy();
    expect((dialog().querySelector('.modal') as HTMLElement).style.inlineSize).toBe('820px');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onOk).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('closes by Cancel, the close button, Escape and a click on the mask, the focus back on its opener', async () => {
    const u = userEvent.setup();
    render(<Opener />);
    for (const close of [
      () => u.click(screen.getByRole('button', { name: 'Cancel' })),
      () => u.click(screen.getByRole('button', { name: 'Close' })),
      () => u.keyboard('{Escape}'),
      () => u.click(dialog()),
    ]) {
      await u.click(opener());
      // The first field has the focus.
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Reason' }));
      await close();
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(document.activeElement).toBe(opener());
    }
    // A click in the panel does not close it.
    await u.click(opener());
    await u.click(screen.getByRole('heading', { name: 'Block customer' }));
    expect(dialog()).toBeTruthy();
  });

  it('gives the focus to the field that asks for it, else to the panel; Tab goes round inside', async () => {
    const u = userEvent.setup();
    const { unmount } = render(
      <Opener>
        <input aria-label="First" />
        {/* biome-ignore lint/a11y/noAutofocus: what the modal must respect */}
        <input aria-label="Code" autoFocus />
      </Opener>,
    );
    await u.click(opener());
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Code' }));
    await u.click(screen.getByRole('button', { name: 'OK' }));
    await u.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    await u.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'OK' }));
    unmount();

    render(<Opener>Nothing to fill in.</Opener>);
    await u.click(opener());
    expect(document.activeElement).toBe(dialog().querySelector('.modal'));
  });

  it('waits while confirmLoading: the OK button spins, Cancel, Escape and the mask do nothing', async () => {
    const u = userEvent.setup();
    const onCancel = vi.fn();
    render(<Modal open title="Block customer" confirmLoading onCancel={onCancel} okText="Block" />);
    expect(screen.getByRole('button', { name: /Block/ }).className).toContain('ant-btn-loading');
    await u.click(screen.getByRole('button', { name: 'Cancel' }));
    await u.keyboard('{Escape}');
    await u.click(dialog());
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('has the footer it is given, or none; the buttons take their props', async () => {
    const onOk = vi.fn();
    const { rerender } = render(
      <Modal open title="Block customer" okButtonProps={{ disabled: true }} onOk={onOk} cancelText="Back" />,
    );
    expect((screen.getByRole('button', { name: 'OK' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    rerender(
      <Modal open title="Block customer" footer={null}>
        Text
      </Modal>,
    );
    expect(
      within(dialog())
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Close']);
    rerender(<Modal open title="Block customer" footer={<button type="button">Done</button>} />);
    expect(within(dialog()).getByRole('button', { name: 'Done' })).toBeTruthy();
    expect(within(dialog()).queryByRole('button', { name: 'OK' })).toBeNull();
  });

  it('can be left open: no close button, Escape and the mask ignored', async () => {
    const u = userEvent.setup();
    const onCancel = vi.fn();
    render(
      <Modal
        open
        title="Block customer"
        footer={null}
        closable={false}
        keyboard={false}
        mask={{ closable: false }}
        styles={{ mask: { backdropFilter: 'blur(8px)' } }}
        onCancel={onCancel}
      />,
    );
    expect(within(dialog()).queryByRole('button')).toBeNull();
    expect(dialog().style.backdropFilter).toBe('blur(8px)');
    await u.keyboard('{Escape}');
    await u.click(dialog());
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('keeps its content (a form’s state) when closed, unless destroyOnHidden', async () => {
    const u = userEvent.setup();
    const { unmount } = render(<Opener />);
    await u.click(opener());
    await u.type(screen.getByRole('textbox', { name: 'Reason' }), 'Fraud');
    await u.keyboard('{Escape}');
    await u.click(opener());
    expect((screen.getByRole('textbox', { name: 'Reason' }) as HTMLInputElement).value).toBe('Fraud');
    unmount();

    render(<Opener destroyOnHidden />);
    await u.click(opener());
    await u.type(screen.getByRole('textbox', { name: 'Reason' }), 'Fraud');
    await u.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Reason' })).toBeNull();
    await u.click(opener());
    expect((screen.getByRole('textbox', { name: 'Reason' }) as HTMLInputElement).value).toBe('');
  });

  it('leaves an Escape that closes a select’s list to the select', async () => {
    const u = userEvent.setup();
    render(
      <Opener>
        <Select aria-label="Tier" options={[{ value: 1, label: 'Gold' }]} />
      </Opener>,
    );
    await u.click(opener());
    const tier = screen.getByRole('combobox', { name: 'Tier' });
    expect(document.activeElement).toBe(tier);
    await u.keyboard('{ArrowDown}');
    expect(tier.getAttribute('aria-expanded')).toBe('true');
    await u.keyboard('{Escape}');
    expect(tier.getAttribute('aria-expanded')).toBe('false');
    expect(dialog()).toBeTruthy();
    await u.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('locks the page under it (no scroll, the scrollbar’s gutter kept) until the last dialog closes', async () => {
    const u = userEvent.setup();
    const page = document.documentElement.classList;
    function OneOverAnother() {
      const [outer, setOuter] = useState(true);
      const [inner, setInner] = useState(false);
      return (
        <Modal open={outer} title="Outer" onCancel={() => setOuter(false)}>
          <button type="button" onClick={() => setInner(true)}>
            More
          </button>
          <Modal open={inner} title="Inner" onCancel={() => setInner(false)}>
            Sure?
          </Modal>
        </Modal>
      );
    }
    render(<OneOverAnother />);
    expect(page.contains('dialog-open')).toBe(true);
    await u.click(screen.getByRole('button', { name: 'More' }));
    await u.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Inner' })).toBeNull();
    expect(page.contains('dialog-open')).toBe(true);
    await u.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Outer' })).toBeNull();
    expect(page.contains('dialog-open')).toBe(false);
    expect(page.contains('dialog-open-gutter')).toBe(false);
  });

  it('speaks Arabic: close, OK and Cancel', async () => {
    await act(() => i18n.changeLanguage('ar'));
    try {
      render(<Modal open title="حظر العميل" />);
      const modal = screen.getByRole('dialog', { name: 'حظر العميل' });
      for (const name of ['إغلاق', 'موافق', 'إلغاء'])
        expect(within(modal).getByRole('button', { name })).toBeTruthy();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
