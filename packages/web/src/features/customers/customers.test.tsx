import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi, page } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

const customer = {
  id: 5,
  customerNumber: '1000005',
  fullName: 'Sara Al-Harbi',
  mobile: '+966500000005',
  email: 'sara@example.com',
  language: 'ar',
  status: 'ACTIVE',
  segment: 'RETAIL',
  tierId: 2,
  tierName: 'Silver',
  tierNameAr: 'فضي',
  balance: 6200,
  lifetimePoints: 7100,
  joinedAt: '2025-02-01T00:00:00.000Z',
  lastActivityAt: '2026-11-01T10:00:00.000Z',
  createdAt: '2025-02-01T00:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};
const detail = {
  ...customer,
  nationality: 'SA',
  tierProgress: {
    basis: 'LIFETIME',
    qualifyingPoints: 7100,
    currentTierName: 'Silver',
    currentTierNameAr: 'فضي',
    nextTierName: 'Gold',
    nextTierNameAr: 'ذهبي',
    nextTierMinPoints: 20000,
    pointsToNextTier: 12900,
  },
  expiringPoints: { points: 300, at: '2027-01-15T00:00:00.000Z' },
};
const earn = {
  id: 41,
  kind: 'EARN',
  points: 120,
  balanceAfter: 6200,
  reference: 'txn:POS-1',
  externalId: 'POS-1',
  transactionTypeCode: 'CARD_SPEND',
  amount: 1200,
  ruleId: 1,
  reversalOf: null,
  reversed: false,
  note: null,
  expiresAt: '2028-11-01T10:00:00.000Z',
  occurredAt: '2026-11-01T10:00:00.000Z',
  createdAt: '2026-11-01T10:00:00.000Z',
};
const fivePurchases = {
  type: 'CHALLENGE',
  id: 3,
  step: 1,
  name: 'Five online purchases',
  nameAr: 'خمس مشتريات عبر الإنترنت',
} as const;
/** Entries the programme posted itself: a challenge's reward, a referral's, a family transfer, claw-backs. */
const posted = [
  {
    ...earn,
    id: 42,
    kind: 'ADJUST',
    reference: 'challenge:3:1',
    externalId: null,
    transactionTypeCode: null,
    amount: null,
    ruleId: null,
    note: 'Five online purchases',
    origin: { ...fivePurchases, takenBack: false },
  },
  {
    ...earn,
    id: 43,
    kind: 'ADJUST',
    reference: 'referral 7: referrer',
    origin: { type: 'REFERRAL', id: 7, role: 'referrer' },
  },
  {
    ...earn,
    id: 44,
    kind: 'ADJUST',
    reference: 'transfer 1000005 → 1000009',
    origin: { type: 'TRANSFER', from: '1000005', to: '1000009' },
  },
  // What a reversed transaction took back: the challenge's reward, the referral's.
  {
    ...earn,
    id: 45,
    kind: 'REVERSAL',
    points: -500,
    reference: 'challenge-reversal:3:1',
    origin: { ...fivePurchases, takenBack: true },
  },
  {
    ...earn,
    id: 46,
    kind: 'REVERSAL',
    points: -500,
    reference: 'referral 7: clawed back',
    origin: { type: 'REFERRAL', id: 7, role: 'clawedBack' },
  },
  // A campaign's bonus within an earning, named after the campaign.
  {
    ...earn,
    id: 49,
    points: 240,
    reference: 'txn:POS-2',
    externalId: 'POS-2',
    reversed: true,
    bonusPoints: 120,
    campaignId: 9,
    campaignName: 'Ramadan double points',
    campaignNameAr: 'نقاط رمضان المضاعفة',
  },
  // A voucher redeemed, then cancelled with a reason.
  ...[false, true].map((returned) => ({
    ...earn,
    id: returned ? 48 : 47,
    kind: returned ? 'REVERSAL' : 'REDEEM',
    points: returned ? 300 : -300,
    reference: 'redemption:12',
    note: returned ? 'طلب العميل' : null,
    origin: { type: 'REDEMPTION', id: 12, voucher: 'Coffee voucher', voucherAr: 'قسيمة قهوة', returned },
  })),
];
const permissions = [
  'customer.read',
  'customer.block',
  'customer.adjustPoints',
  'ledger.reverse',
  'tier.read',
];

function install(granted = permissions) {
  return installFakeApi({ permissions: granted }).use(({ method, url }) => {
    const path = url.pathname;
    if (path === '/api/admin/customers' && method === 'GET') {
      const found = url.searchParams.get('q') === 'nobody' ? [] : [customer];
      // Over a million customers the server counts up to 1,000 and says so.
      return {
        status: 200,
        body: { ...page(found), total: found.length ? 1000 : 0, totalCapped: found.length > 0 },
      };
    }
    if (path === '/api/admin/customers/5') return { status: 200, body: detail };
    if (path === '/api/admin/customers/5/ledger') return { status: 200, body: page([earn, ...posted]) };
    if (path === '/api/admin/customers/5/tier-history') return { status: 200, body: page([]) };
    if (path === '/api/admin/customers/5/block')
      return { status: 200, body: { ...customer, status: 'BLOCKED' } };
    if (path === '/api/admin/customers/5/adjustments') {
      return { status: 409, body: { type: 'x', title: 'x', status: 409, code: 'INSUFFICIENT_POINTS' } };
    }
    if (path === '/api/admin/ledger-entries/41/reversal') {
      return {
        status: 201,
        body: { entryId: 42, pointsReversed: 120, balance: 6080, tier: 'Silver', replayed: false },
      };
    }
    return undefined;
  });
}

async function toast(text: string) {
  await waitFor(async () =>
    expect((await screen.findAllByTestId('toast')).map((t) => t.textContent).join(' | ')).toContain(text),
  );
}

describe('customer screens', () => {
  it('searches customers on the server and keeps the search in the URL', async () => {
    const api = install();
    const { router } = await renderApp('/dashboard/customer');
    const table = await screen.findByTestId('customers-table');
    expect(await within(table).findByText('Sara Al-Harbi')).toBeTruthy();
    // The bound reads left to right in Arabic too (isolated: "1000+", never "+1000").
    expect(screen.getByText('1–10 of \u20661000+\u2069')).toBeTruthy();
    const u = userEvent.setup();
    await u.type(screen.getByLabelText('Search by number, name, mobile or e-mail'), 'nobody{Enter}');
    await waitFor(() => expect(router.state.location.search).toContain('q=nobody'));
    expect(await screen.findByText('No records found')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/admin/customers')).toBe(true);
  });

  it('filters by churn risk for those who may read churn scores, and only for them', async () => {
    const api = install([...permissions, 'churn.read']);
    await renderApp('/dashboard/customer?churnBand=HIGH');
    await within(await screen.findByTestId('customers-table')).findByText('Sara Al-Harbi');
    expect(screen.getByLabelText('Churn risk')).toBeTruthy();
    const asked = api.calls.filter((c) => c.path === '/api/admin/customers');
    expect(asked.at(-1)?.search).toContain('churnBand=HIGH');
  });

  it('leaves the churn filter out without churn.read, also when the URL names it', async () => {
    const api = install();
    await renderApp('/dashboard/customer?churnBand=HIGH');
    await within(await screen.findByTestId('customers-table')).findByText('Sara Al-Harbi');
    expect(screen.queryByLabelText('Churn risk')).toBeNull();
    const asked = api.calls.filter((c) => c.path === '/api/admin/customers');
    expect(asked.every((c) => !c.search.includes('churnBand'))).toBe(true);
  });

  it('shows profile, balance, tier progress and the ledger; reverses a transaction with a reason', async () => {
    const api = install();
    await renderApp('/dashboard/customer/info?id=5');
    expect(await screen.findByText('Sara Al-Harbi · 1000005', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('12,900 points to Gold')).toBeTruthy();
    expect(screen.getByText('Saudi Arabia', { exact: false })).toBeTruthy();
    expect(
      await screen.findByText('POS-1', { exact: false }).catch(() => screen.findByText('txn:POS-1')),
    ).toBeTruthy();
    // The history in the order of its "When" column, newest first, whatever order it was posted in.
    const [ledger] = api.callsTo('GET /api/admin/customers/5/ledger');
    expect(new URLSearchParams(ledger?.search).get('sort')).toBe('occurredAt:desc');
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Reverse' }));
    await u.type(await screen.findByRole('textbox'), 'Chargeback');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await toast('Transaction reversed');
    expect(api.calls.find((c) => c.path === '/api/admin/ledger-entries/41/reversal')?.body).toEqual({
      reason: 'Chargeback',
    });
  });

  it('names what the programme posted itself in the reader’s language', async () => {
    install();
    await renderApp('/dashboard/customer/info?id=5&lang=ar');
    // The challenge's reward, and the same reward taken back by a reversal.
    expect(await screen.findByText('خمس مشتريات عبر الإنترنت', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('استرداد مكافأة التحدي · خمس مشتريات عبر الإنترنت')).toBeTruthy();
    expect(screen.queryByText('Five online purchases', { exact: false })).toBeNull();
    expect(screen.getByText('مكافأة الإحالة: انضم صديق')).toBeTruthy();
    expect(screen.getByText('استرداد مكافأة الإحالة: عُكست عملية الاكتساب المؤهِّلة')).toBeTruthy();
    expect(screen.queryByText('referral 7: clawed back')).toBeNull();
    expect(screen.getByText('تحويل عائلي', { exact: false })).toBeTruthy();
    expect(screen.getByText('1000005 → 1000009')).toBeTruthy();
    expect(screen.getByText('قسيمة قهوة')).toBeTruthy();
    expect(screen.getByText('إلغاء قسيمة وإعادة نقاطها · قسيمة قهوة · طلب العميل')).toBeTruthy();
    expect(screen.queryByText('redemption:12')).toBeNull();
    expect(screen.getByTestId('ledger-bonus').textContent).toBe('مكافأة الحملة 120 · نقاط رمضان المضاعفة');
    // The nationality named in Arabic, not as its code alone.
    expect(screen.getByText('السعودية', { exact: false })).toBeTruthy();
  });

  it('says why an adjustment failed (insufficient points), in Arabic', async () => {
    install();
    await renderApp('/dashboard/customer/info?id=5&lang=ar');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'تعديل النقاط' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    await u.type(within(dialog).getByLabelText('النقاط'), '-9999');
    await u.type(within(dialog).getByLabelText('السبب'), 'تصحيح');
    await u.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    await toast('لا يملك العميل نقاطًا كافية.');
  });

  it('lists the customer’s conversations (each opening its thread) and the messages sent to them', async () => {
    const api = install();
    api.me.permissions = [...permissions, 'message.read', 'outboundMessage.read'];
    api.on({
      'GET /api/admin/messages': () => ({
        status: 200,
        body: page([
          {
            id: 3,
            customerId: 5,
            customerNumber: '1000005',
            customerName: 'Sara Al-Harbi',
            categoryId: null,
            categoryNameEn: null,
            categoryNameAr: null,
            channel: 'APP',
            subject: 'Missing points',
            preview: 'Where are my points?',
            status: 'REPLIED',
            assigneeId: 7,
            assigneeName: 'Nora Agent',
            repliedById: 7,
            repliedByName: 'Nora Agent',
            createdAt: '2026-11-01T10:00:00.000Z',
            lastMessageAt: '2026-11-01T11:00:00.000Z',
            repliedAt: '2026-11-01T11:00:00.000Z',
            closedAt: null,
            dueAt: null,
            overdue: false,
          },
        ]),
      }),
      'GET /api/admin/outbound-deliveries': () => ({
        status: 200,
        body: page([
          {
            id: 90,
            outboundId: 9,
            customerId: 5,
            customerNumber: '1000005',
            customerName: 'Sara Al-Harbi',
            status: 'SENT',
            reason: null,
            channels: ['APP', 'EMAIL'],
            subject: 'Double points this weekend',
            createdAt: '2026-11-02T10:00:00.000Z',
            readAt: null,
          },
        ]),
      }),
    });
    await renderApp('/dashboard/customer/info?id=5&lang=en');
    await userEvent.click(await screen.findByRole('tab', { name: 'Messages' }, { timeout: 10_000 }));
    const link = await screen.findByRole('link', { name: 'Missing points' });
    expect(link.getAttribute('href')).toBe('/dashboard/admin/message/3?lang=en');
    expect(screen.getByText('Double points this weekend')).toBeTruthy();
    expect(screen.getByText('In-app inbox, E-mail')).toBeTruthy();
    expect(api.callsTo('GET /api/admin/messages')[0]?.search).toContain('customerId=5');
    expect(api.callsTo('GET /api/admin/outbound-deliveries')[0]?.search).toContain('customerId=5');
  });
});
