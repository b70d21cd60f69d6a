import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { customerFixture as customer } from '../../test/customerFixture.ts';
import { installFakeApi, page } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

const referral = (
  id: number,
  referrerNumber: string,
  referredNumber: string,
  status: string,
  reason: string | null,
) => ({
  id,
  programmeId: 1,
  programmeNameEn: 'Refer a friend',
  programmeNameAr: 'ادعُ صديقاً',
  referrerNumber,
  referredNumber,
  code: 'H929JYKV',
  status,
  reason,
  transactions: status === 'REWARDED' ? 1 : 0,
  qualifiesBy: null,
  referrerPoints: status === 'REWARDED' ? 500 : 0,
  referredPoints: status === 'REWARDED' ? 200 : 0,
  clawedBackPoints: 0,
  createdAt: '2026-11-02T10:00:00.000Z',
  rewardedAt: null,
  clawedBackAt: null,
});

function install() {
  return installFakeApi({ permissions: ['customer.read', 'referral.read'] }).use(({ url }) => {
    const path = url.pathname;
    if (path === '/api/admin/customers/5') return { status: 200, body: customer };
    if (path.startsWith('/api/admin/customers/5/')) return { status: 200, body: page([]) };
    if (path === '/api/admin/customer-referrals')
      return {
        status: 200,
        body: {
          customerNumber: '1000005',
          code: 'H929JYKV',
          referredBy: referral(1, '1000001', '1000005', 'REWARDED', null),
          referrals: [
            referral(3, '1000005', '1000009', 'REFUSED', 'SAME_DEVICE'),
            referral(2, '1000005', '1000007', 'REWARDED', null),
          ],
        },
      };
    return undefined;
  });
}

describe('customer/info: the Referrals tab', () => {
  it('shows the code, who referred the customer and the referrals they made with status (Arabic)', async () => {
    const api = install();
    await renderApp('/dashboard/customer/info?id=5&lang=ar');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('tab', { name: 'الإحالات' }, { timeout: 10_000 }));
    expect(await screen.findByText('H929JYKV')).toBeTruthy();
    expect(within(screen.getByTestId('customer-referred-by')).getByText('1000001')).toBeTruthy();
    const made = screen.getByTestId('customer-referrals-made');
    expect(within(made).getByText('1000009')).toBeTruthy();
    expect(within(made).getByText('مرفوضة')).toBeTruthy();
    expect(within(made).getAllByText('500')).toHaveLength(1);
    expect(api.calls.find((c) => c.path === '/api/admin/customer-referrals')?.search).toContain(
      'customerNumber=1000005',
    );
  });
});
