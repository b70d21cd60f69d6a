import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { Drawer } from './Drawer.tsx';
import { Modal } from './Modal.tsx';

const drawer = () => screen.getByRole('dialog', { name: 'Request #5' });

describe('Drawer', () => {
  it('is a dialog named by its title, its actions in the header, closed by its button, Escape or the mask', async () => {
    const u = userEvent.setup();
    const onClose = vi.fn();
    render(
      <Drawer
        open
        title="Request #5"
        size="large"
        onClose={onClose}
        extra={<button type="button">Approve</button>}
      >
        The change
      </Drawer>,
    );
    expect(drawer().getAttribute('aria-modal')).toBe('true');
    expect(drawer().textContent).toContain('The change');
    expect(within(drawer()).getByRole('button', { name: 'Approve' }).closest('header')).toBeTruthy();
    expect((drawer().querySelector('.drawer') as HTMLElement).style.inlineSize).toBe('736px');
    // Nothing to fill in: the panel has the focus.
    expect(document.activeElement).toBe(drawer().querySelector('.drawer'));
    await u.click(within(drawer()).getByRole('button', { name: 'Close' }));
    await u.keyboard('{Escape}');
    await u.click(drawer());
    expect(onClose).toHaveBeenCalledTimes(3);
    await u.click(within(drawer()).getByRole('button', { name: 'Approve' }));
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('is 378 px wide by default, and unmounts its content when closed with destroyOnHidden', () => {
    const { rerender } = render(
      <Drawer open title="Request #5" destroyOnHidden>
        <input aria-label="Name" />
      </Drawer>,
    );
    expect((drawer().querySelector('.drawer') as HTMLElement).style.inlineSize).toBe('378px');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
    rerender(
      <Drawer open={false} title="Request #5" destroyOnHidden>
        <input aria-label="Name" />
      </Drawer>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
  });

  it('leaves an Escape in a modal opened over it to the modal, and takes the focus back', async () => {
    const u = userEvent.setup();
    const onClose = vi.fn();
    function WithReason() {
      const [asking, setAsking] = useState(false);
      return (
        <Drawer
          open
          title="Request #5"
          onClose={onClose}
          extra={
            <button type="button" onClick={() => setAsking(true)}>
              Reject
            </button>
          }
        >
          <Modal open={asking} title="Why?" onCancel={() => setAsking(false)}>
            <textarea aria-label="Reason" />
          </Modal>
        </Drawer>
      );
    }
    render(<WithReason />);
    const reject = screen.getByRole('button', { name: 'Reject' });
    await u.click(reject);
    const modal = screen.getByRole('dialog', { name: 'Why?' });
    expect(Number(modal.style.zIndex)).toBeGreaterThan(Number(drawer().style.zIndex));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Reason' }));
    // A click on the modal's mask, Tab and Escape are the modal's, not the drawer's.
    await u.tab();
    expect(modal.contains(document.activeElement)).toBe(true);
    await u.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Why?' })).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(reject);
    await u.click(reject);
    await u.click(screen.getByRole('dialog', { name: 'Why?' }));
    expect(screen.queryByRole('dialog', { name: 'Why?' })).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    await u.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('speaks Arabic', async () => {
    await act(() => i18n.changeLanguage('ar'));
    try {
      render(<Drawer open title="الطلب 5" />);
      expect(
        within(screen.getByRole('dialog', { name: 'الطلب 5' })).getByRole('button', { name: 'إغلاق' }),
      ).toBeTruthy();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
