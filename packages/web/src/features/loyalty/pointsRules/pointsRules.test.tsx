import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi, page } from '../../../test/fakeApi.ts';
import { renderApp } from '../../../test/renderApp.tsx';

const rule = {
  id: 7,
  transactionTypeId: 3,
  transactionTypeName: 'Card purchase',
  transactionTypeCode: 'CARD_SPEND',
  tierId: null,
  tierName: null,
  amount: 10,
  condition: 'PER_EACH',
  pointsPerTransaction: 1,
  minPoints: 1,
  maxPoints: 500,
  validFrom: '2026-01-01',
  validUntil: '2026-12-31',
  priority: 10,
  status: 'ACTIVE',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const cardType = {
  id: 3,
  name: 'Card purchase',
  code: 'CARD_SPEND',
  type: 'EARN',
  description: 'x',
  createdAt: '',
  updatedAt: '',
};
const permissions = [
  'pointsRule.read',
  'pointsRule.create',
  'pointsRule.update',
  'pointsRule.delete',
  'tier.read',
  'loyaltySettings.read',
];

function install(overrides: { put?: { status: number; body?: unknown } } = {}) {
  return installFakeApi({ permissions: permissions }).use(({ method, url, body }) => {
    const path = url.pathname;
    if (path === '/api/admin/transaction-types') return { status: 200, body: page([cardType]) };
    if (path === '/api/admin/points-rules' && method === 'GET') return { status: 200, body: page([rule]) };
    if (path === '/api/admin/points-rules' && method === 'POST')
      return { status: 201, body: { ...rule, ...(body as object), id: 8 } };
    if (path === '/api/admin/points-rules/7' && method === 'GET') return { status: 200, body: rule };
    if (path === '/api/admin/points-rules/7' && method === 'PUT')
      return overrides.put ?? { status: 200, body: rule };
    if (path === '/api/admin/points-rules/simulate') {
      return {
        status: 200,
        body: {
          customer: null,
          tierId: null,
          tierName: null,
          transactionTypeCode: 'CARD_SPEND',
          ruleId: 7,
          points: 12,
          evaluations: [
            {
              ruleId: 7,
              priority: 10,
              tierName: null,
              condition: 'PER_EACH',
              amount: 10,
              verdict: 'FIRED',
              rawPoints: 12,
              points: 12,
            },
          ],
        },
      };
    }
    if (path === '/api/admin/loyalty-settings') {
      return {
        status: 200,
        body: {
          expiryMonths: 24,
          tierBasis: 'LIFETIME',
          tierWindowMonths: 12,
          downgradePolicy: 'IMMEDIATE',
          updatedAt: '',
        },
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

const writes = (api: ReturnType<typeof install>) =>
  api.calls
    .filter(
      (c) =>
        c.path.startsWith('/api/admin/points-rules') && c.method !== 'GET' && !c.path.endsWith('simulate'),
    )
    .map(({ method, path, body }) => ({ method, path, body }));

async function choose(label: string, option: string) {
  const u = userEvent.setup();
  await u.click(await screen.findByLabelText(label));
  await u.click(await within(await screen.findByRole('listbox')).findByRole('option', { name: option }));
}

async function fillRule(values: Record<string, string> = {}) {
  await choose('Transfer type', 'Card purchase (CARD_SPEND)');
  await choose('Condition', 'Per each full');
  const u = userEvent.setup();
  const all: Record<string, string> = {
    Amount: '10',
    'Points per transaction': '1',
    'Min points': '1',
    'Max points': '500',
    'Valid from': '2026-01-01',
    'Valid until': '2026-12-31',
    Priority: '10',
    ...values,
  };
  for (const [label, value] of Object.entries(all)) await u.type(screen.getByLabelText(label), value);
}

describe('points rules screens', () => {
  it("create-rules: 'All fields are required' and nothing is sent", async () => {
    const api = install();
    await renderApp('/dashboard/create-rules');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save' }));
    await toast('All fields are required');
    expect(writes(api)).toEqual([]);
  });

  it("create-rules: 'Min points cannot be greater than max points'", async () => {
    const api = install();
    await renderApp('/dashboard/create-rules');
    await fillRule({ 'Min points': '50', 'Max points': '10' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    await toast('Min points cannot be greater than max points');
    expect(writes(api)).toEqual([]);
  });

  it("create-rules: sends the rule and says 'points rule added'", async () => {
    const api = install();
    await renderApp('/dashboard/create-rules');
    await fillRule();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await toast('points rule added');
    expect(writes(api)).toEqual([
      {
        method: 'POST',
        path: '/api/admin/points-rules',
        body: expect.objectContaining({
          transactionTypeId: 3,
          condition: 'PER_EACH',
          amount: 10,
          maxPoints: 500,
          validUntil: '2026-12-31',
        }),
      },
    ]);
  });

  it("edit-rules: 'Failed to update rule. Please try again.' when the update fails", async () => {
    install({ put: { status: 409, body: { type: 'x', title: 'x', status: 409, code: 'CONFLICT' } } });
    await renderApp('/dashboard/edit-rules/7');
    const u = userEvent.setup();
    const priority = await screen.findByLabelText('Priority');
    await waitFor(() => expect((priority as HTMLInputElement).value).toBe('10'));
    await u.clear(priority);
    await u.type(priority, '3');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await toast('Failed to update rule. Please try again.');
  });

  it("edit-rules: 'Please fill out all required fields' when a field is emptied", async () => {
    install();
    await renderApp('/dashboard/edit-rules/7');
    const u = userEvent.setup();
    const amount = await screen.findByLabelText('Amount');
    await waitFor(() => expect((amount as HTMLInputElement).value).toBe('10'));
    await u.clear(amount);
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await toast('Please fill out all required fields');
  });

  it('lists rules and simulates which rule fires, in Arabic too', async () => {
    install();
    await renderApp('/dashboard/loyalty/rules?lang=ar');

    const table = await screen.findByTestId('points-rules-table');
    expect(await within(table).findByText('Card purchase')).toBeTruthy();
    expect(await within(table).findByText('جميع المستويات')).toBeTruthy();
    // Condition and amount in one cell; the points bounds and validity as ranges.
    const cells = within(table)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toContain('لكل مبلغ كامل \u206610.00\u2069');
    expect(cells).toContain('\u20661 – 500\u2069');
    expect(cells).toContain('\u20662026-01-01 →\u2069\n\u20662026-12-31\u2069');
    expect(await screen.findByText('إعدادات المحرك', {}, { timeout: 10_000 })).toBeTruthy();
    const panel = (await screen.findByText('محاكاة معاملة', {}, { timeout: 10_000 })).closest(
      '.panel',
    ) as HTMLElement;
    const u = userEvent.setup();
    await u.click(within(panel).getByLabelText('نوع التحويل'));
    await u.click(await screen.findByRole('option', { name: 'Card purchase (CARD_SPEND)' }));
    await u.type(within(panel).getByLabelText('المبلغ'), '125');
    await u.click(within(panel).getByRole('button', { name: 'محاكاة' }));
    expect(await within(panel).findByText('تنطبق القاعدة رقم 7: 12 نقطة')).toBeTruthy();
    expect(within(panel).getByText('تنطبق')).toBeTruthy();
  });
});
