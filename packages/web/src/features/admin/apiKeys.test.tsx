import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi, page } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

const key = {
  id: 1,
  name: 'POS network',
  prefix: 'lk_AbCdEfG',
  scopes: ['transactions'],
  channel: 'POS',
  status: 'ACTIVE',
  createdAt: '2026-11-01T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
};

describe('admin: integration API keys', () => {
  it('lists keys, creates one and shows its secret once', async () => {
    const api = installFakeApi({ permissions: ['apiKey.read', 'apiKey.create', 'apiKey.revoke'] }).use(
      ({ method, url, body }) => {
        if (url.pathname !== '/api/admin/api-keys') return undefined;
        if (method === 'POST')
          return { status: 201, body: { ...key, id: 2, ...(body as object), key: 'lk_the-secret' } };
        return { status: 200, body: page([key]) };
      },
    );
    await renderApp('/dashboard/admin');
    const table = await screen.findByTestId('api-keys-table', {}, { timeout: 10_000 });
    expect(await within(table).findByText('POS network')).toBeTruthy();
    expect(within(table).getByText('POS')).toBeTruthy();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Create key' }));
    await u.type(await screen.findByLabelText('Name'), 'Mobile app');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('lk_the-secret')).toBeTruthy();
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
        name: 'Mobile app',
        scopes: ['transactions', 'balance'],
        channel: 'MOBILE_APP',
      }),
    );
  });

  it('shows a key that waits for a second person’s approval, and says it works once approved (issue 48)', async () => {
    installFakeApi({ permissions: ['apiKey.read', 'apiKey.create'] }).use(({ method, url }) => {
      if (url.pathname !== '/api/admin/api-keys') return undefined;
      if (method === 'POST')
        return { status: 202, body: { requestId: '7', status: 'PENDING', key: 'lk_held-secret' } };
      return { status: 200, body: page([key]) };
    });
    await renderApp('/dashboard/admin');
    await screen.findByTestId('api-keys-table', {}, { timeout: 10_000 });
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Create key' }));
    await u.type(await screen.findByLabelText('Name'), 'Branch tablets');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('lk_held-secret')).toBeTruthy();
    expect(screen.getByText('Key waiting for approval')).toBeTruthy();
    expect(screen.getByText('The key works once a second person approves the request.')).toBeTruthy();
  });
});
