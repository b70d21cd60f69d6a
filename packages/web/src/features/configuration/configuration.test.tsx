import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi, page } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

const all = ['MOBILE_APP', 'INTERNET_BANKING', 'BRANCH', 'CALL_CENTRE', 'POS'];
const earn = {
  id: 2,
  code: 'earn',
  name: 'Earn points',
  nameAr: 'كسب النقاط',
  description: 'Channels may post earning transactions for the customer',
  descriptionAr: 'يجوز للقنوات إرسال معاملات كسب النقاط للعميل',
  status: 'ACTIVE',
  system: true,
  channels: all,
  updatedAt: '2026-11-01T10:00:00.000Z',
};

describe('MasterDataManagement/Features', () => {
  it('switches a feature off for one channel with a PUT of its remaining channels', async () => {
    const api = installFakeApi({ permissions: ['feature.read', 'feature.update'] }).use(
      ({ method, url, body }) => {
        if (url.pathname === '/api/admin/features' && method === 'GET')
          return { status: 200, body: page([earn]) };
        if (url.pathname === '/api/admin/features/2' && method === 'PUT')
          return { status: 200, body: { ...earn, ...(body as object) } };
        return undefined;
      },
    );
    await renderApp('/dashboard/MasterDataManagement/Features');
    const table = await screen.findByTestId('features-table', {}, { timeout: 10_000 });
    expect(await within(table).findByText('Earn points')).toBeTruthy();
    await userEvent.setup().click(within(table).getByRole('switch', { name: 'Earn points on POS' }));
    await waitFor(() =>
      expect(api.callsTo('PUT /api/admin/features/2')[0]?.body).toEqual({
        status: 'ACTIVE',
        channels: ['MOBILE_APP', 'INTERNET_BANKING', 'BRANCH', 'CALL_CENTRE'],
      }),
    );
    expect(await screen.findByText('Feature switches saved')).toBeTruthy();
  });

  it('shows the switches read-only without feature.update', async () => {
    installFakeApi({ permissions: ['feature.read'] }).use(({ url }) =>
      url.pathname === '/api/admin/features' ? { status: 200, body: page([earn]) } : undefined,
    );
    await renderApp('/dashboard/MasterDataManagement/Features?lang=ar');
    const table = await screen.findByTestId('features-table', {}, { timeout: 10_000 });
    expect(await within(table).findByText('كسب النقاط')).toBeTruthy();
    for (const s of within(table).getAllByRole('switch'))
      expect((s as HTMLButtonElement).disabled).toBe(true);
  });
});
