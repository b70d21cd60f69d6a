import type { Campaign } from '@loyalty/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi, ok, page } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { parseCustomerList } from './TargetingFields.tsx';

const campaign = (over: Partial<Campaign> = {}): Campaign => ({
  id: 5,
  nameEn: 'Double points on card spend for Gold and Platinum',
  nameAr: 'نقاط مضاعفة على مشتريات البطاقة لعملاء الذهبي والبلاتيني',
  descriptionEn: 'Weekend card spend',
  descriptionAr: 'مشتريات نهاية الأسبوع',
  startsAt: '2026-11-15T00:00:00.000Z',
  endsAt: '2027-01-14T00:00:00.000Z',
  daysOfWeek: [],
  hourFrom: null,
  hourTo: null,
  tierIds: [],
  segments: [],
  criterionIds: [],
  customerNumbers: [],
  transactionTypeIds: [1],
  bonusKind: 'MULTIPLIER',
  bonusValue: 2,
  perAmount: null,
  customerCap: 5_000,
  budget: 2_000_000,
  stackable: false,
  priority: 10,
  holdoutPct: 0,
  holdoutSeed: 12_345,
  status: 'ACTIVE',
  spent: 26_914,
  customersReached: 1_060,
  endedReason: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-20T00:00:00.000Z',
  ...over,
});

/** The campaign screens' API: one campaign, and empty choice lists for the form's selects. */
function campaignsApi(record: Campaign) {
  const api = installFakeApi({
    permissions: [
      'campaign.read',
      'campaign.create',
      'campaign.update',
      'campaign.pause',
      'campaign.activate',
    ],
  });
  api.on({
    'GET /api/admin/campaigns': () => ok(page([record])),
    [`GET /api/admin/campaigns/${record.id}`]: () => ok(record),
  });
  const choiceLists = ['/api/admin/transaction-types', '/api/admin/eligibility-criteria'];
  api.use((req) => (req.method === 'GET' && choiceLists.includes(req.path) ? ok(page([])) : undefined));
  return api;
}

async function toast(text: string) {
  await waitFor(async () =>
    expect((await screen.findAllByTestId('toast')).map((t) => t.textContent).join(' | ')).toContain(text),
  );
}

describe('parseCustomerList', () => {
  it('reads numbers one per line or comma-separated, drops the header, quotes and repeats', () => {
    expect(parseCustomerList('customer_number\n"1000059"\n1000060, 1000061;1000059\n\n')).toEqual([
      '1000059',
      '1000060',
      '1000061',
    ]);
  });
});

describe('campaigns (/dashboard/matrix/campaign)', () => {
  it('shows the budget used as a bar and figures, and the customers reached, formatted', async () => {
    campaignsApi(campaign());
    await renderApp('/dashboard/matrix/campaign');
    const table = await screen.findByTestId('campaigns-table');
    await within(table).findByText('Double points on card spend for Gold and Platinum');
    const budget = within(table).getByTestId('budget-5');
    expect(budget.textContent).toContain('1.3%');
    expect(budget.textContent).toContain('26,914 / 2,000,000');
    expect(within(table).getByText('1,060')).toBeTruthy();
    expect(within(table).getByText('Active')).toBeTruthy();
  });

  it('names the campaign in Arabic on the Arabic screen', async () => {
    campaignsApi(campaign());
    await renderApp('/dashboard/matrix/campaign?lang=ar');
    const table = await screen.findByTestId('campaigns-table');
    expect(
      await within(table).findByText('نقاط مضاعفة على مشتريات البطاقة لعملاء الذهبي والبلاتيني'),
    ).toBeTruthy();
  });
});

describe('a campaign (/dashboard/edit-item/:id)', () => {
  it('locks an active campaign’s terms and lets it be paused', async () => {
    const api = campaignsApi(campaign());
    api.on({ 'POST /api/admin/campaigns/5/pause': () => ok(campaign({ status: 'PAUSED' })) });
    await renderApp('/dashboard/edit-item/5');
    expect(
      await screen.findByText("An active campaign's terms cannot be changed: pause or end it."),
    ).toBeTruthy();
    expect((screen.getByLabelText('Name (English)') as HTMLInputElement).disabled).toBe(true);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pause' }));
    await toast('Campaign paused');
    expect(api.callsTo('POST /api/admin/campaigns/5/pause')).toHaveLength(1);
  });

  it('puts the server’s refusal on its field: a budget below the cap per customer', async () => {
    const api = campaignsApi(campaign({ status: 'DRAFT', spent: 0, customersReached: 0 }));
    api.on({
      'PUT /api/admin/campaigns/5': () => ({
        status: 400,
        body: {
          type: 'about:blank',
          title: 'VALIDATION_FAILED',
          status: 400,
          code: 'VALIDATION_FAILED',
          errors: [{ path: 'budget', message: 'budgetBelowCap' }],
        },
      }),
    });
    await renderApp('/dashboard/edit-item/5');
    const u = userEvent.setup();
    const name = await screen.findByLabelText('Name (English)');
    await u.type(name, ' (weekend)');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The budget cannot be below the cap per customer')).toBeTruthy();
    expect(api.callsTo('PUT /api/admin/campaigns/5')).toHaveLength(1);
  });
});
