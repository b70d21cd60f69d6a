import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the Export button of a list', () => {
  it('downloads the rows of the list’s search, filters and sort, in the format chosen', async () => {
    const api = installFakeApi();
    api.on({ 'GET /api/admin/tiers/export': () => ({ status: 200, body: 'id\n1\n' }) });
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:tiers');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await renderApp('/dashboard/loyalty/tire?q=Gold&sort=name:desc&page=2');

    await userEvent.click(await screen.findByRole('button', { name: /Export/ }));
    await userEvent.click(await screen.findByText('Excel workbook'));

    await waitFor(() => expect(click).toHaveBeenCalled());
    const call = api.calls.find((c) => c.path === '/api/admin/tiers/export');
    const params = new URLSearchParams(call?.search);
    expect(Object.fromEntries(params)).toEqual({ q: 'Gold', sort: 'name:desc', format: 'xlsx' });
    expect(created).toHaveBeenCalled();
  });

  it('says the export failed when the server refuses it', async () => {
    const api = installFakeApi();
    api.on({
      'GET /api/admin/tiers/export': () => ({
        status: 403,
        body: { type: 'about:blank', title: 'Forbidden', status: 403, code: 'FORBIDDEN' },
      }),
    });
    await renderApp('/dashboard/loyalty/tire');
    await userEvent.click(await screen.findByRole('button', { name: /Export/ }));
    await userEvent.click(await screen.findByText('CSV (any tool)'));
    await waitFor(async () =>
      expect((await screen.findAllByTestId('toast')).map((t) => t.textContent).join(' ')).toContain(
        'The export failed. Try again.',
      ),
    );
  });

  it('opens its formats by keyboard: arrows move between them, Escape closes and returns to the button', async () => {
    installFakeApi();
    await renderApp('/dashboard/loyalty/tire');
    const u = userEvent.setup();
    const button = await screen.findByRole('button', { name: /Export/ });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    button.focus();
    await u.keyboard('{ArrowDown}');
    const menu = await screen.findByRole('menu', { name: 'Export' });
    expect(button.getAttribute('aria-controls')).toBe(menu.id);
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'CSV (any tool)' }));
    await u.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Excel workbook' }));
    await u.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'CSV (any tool)' }));
    await u.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});
