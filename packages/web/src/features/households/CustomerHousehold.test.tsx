import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { customerFixture as customer } from '../../test/customerFixture.ts';
import { installFakeApi, page } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

const member = (
  customerId: number,
  customerNumber: string,
  fullNameAr: string,
  role: string,
  consentedAt: string | null,
) => ({
  customerId,
  customerNumber,
  fullName: `Customer ${customerNumber}`,
  fullNameAr,
  role,
  status: 'ACTIVE',
  balance: 600,
  consentedAt,
  consentChannel: consentedAt ? 'MOBILE_APP' : null,
  addedAt: '2026-11-01T10:00:00.000Z',
});
const household = {
  id: 7,
  name: '',
  headNumber: '1000005',
  createdAt: '2026-11-01T10:00:00.000Z',
  members: [
    member(5, '1000005', 'سارة الحربي', 'HEAD', '2026-11-02T10:00:00.000Z'),
    member(6, '1000006', 'نورة الحربي', 'MEMBER', '2026-11-02T11:00:00.000Z'),
    member(8, '1000008', 'خالد الحربي', 'MEMBER', null),
  ],
  transfers: [
    {
      id: 1,
      householdId: 7,
      from: '1000005',
      to: '1000006',
      points: 100,
      channel: 'MOBILE_APP',
      externalId: 'app-1',
      debitEntryId: 11,
      creditEntryId: 12,
      expiresAt: '2027-11-01T00:00:00.000Z',
      createdBy: 'apikey:app',
      createdAt: '2026-11-03T10:00:00.000Z',
    },
  ],
};

function install() {
  return installFakeApi({
    permissions: ['customer.read', 'household.read', 'household.transfer', 'household.addMember'],
  }).use(({ method, url }) => {
    const path = url.pathname;
    if (path === '/api/admin/customers/5') return { status: 200, body: customer };
    if (path.startsWith('/api/admin/customers/5/')) return { status: 200, body: page([]) };
    if (path === '/api/admin/households' && method === 'GET') return { status: 200, body: page([{ id: 7 }]) };
    if (path === '/api/admin/households/7') return { status: 200, body: household };
    if (path === '/api/admin/households/transfers' && method === 'POST')
      return { status: 202, body: { requestId: '3', status: 'PENDING' } };
    return undefined;
  });
}

describe('customer/info: the Household tab', () => {
  it('shows the members with their consent and the transfers, and sends a transfer for approval (Arabic)', async () => {
    const api = install();
    await renderApp('/dashboard/customer/info?id=5&lang=ar');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('tab', { name: 'الأسرة' }, { timeout: 10_000 }));
    expect(await screen.findByText('أسرة 1000005')).toBeTruthy();
    expect(screen.getByText('نورة الحربي')).toBeTruthy();
    expect(screen.getByText('بانتظار الموافقة')).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/admin/households')?.search).toContain(
      'customerNumber=1000005',
    );

    await u.click(screen.getByRole('button', { name: 'تحويل نقاط' }));
    const dialog = await screen.findByRole('dialog');
    // Only consented members other than the customer receive.
    await u.click(within(dialog).getByLabelText('إلى'));
    expect(screen.queryByRole('option', { name: /1000008/ })).toBeNull();
    await u.click(await screen.findByRole('option', { name: /1000006/ }));
    await u.type(within(dialog).getByLabelText('النقاط'), '50');
    await u.click(within(dialog).getByRole('button', { name: 'تحويل نقاط' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/admin/households/transfers')?.body).toEqual({
        from: '1000005',
        to: '1000006',
        points: 50,
        note: '',
      }),
    );
  });
});
