import { rewardsCatalogue } from '@loyalty/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

const imageId = '7b0a5a4e-1d7c-4c1b-9f0e-3d2f1c0b9a88';
const stamp = { createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z' };
const category = { id: 3, name: 'Dining', description: 'Restaurants', imageId, ...stamp };
const voucher = {
  id: 9,
  name: 'Latte',
  description: 'Any size',
  imageId,
  storeId: 2,
  storeName: 'Bean There',
  amount: 10,
  issued: 4,
  remaining: 6,
  pointsRequired: 400,
  money: 4.5,
  validFrom: null,
  validUntil: null,
  perCustomerLimit: null,
  status: 'ACTIVE',
  ...stamp,
};
const page = (items: object[]) => ({ items, total: items.length, page: 1, pageSize: 10 });

/** The fake API, with every rewards permission. */
function rewardsApi() {
  const api = installFakeApi();
  api.me.permissions = rewardsCatalogue.commands
    .map((c) => c.name)
    .concat(rewardsCatalogue.reads.map((r) => r.code));
  return api;
}
const writes = (api: ReturnType<typeof installFakeApi>) =>
  api.calls.filter((c) => c.method !== 'GET').map(({ method, path, body }) => ({ method, path, body }));

async function toast(text: string) {
  await waitFor(async () =>
    expect((await screen.findAllByTestId('toast')).map((t) => t.textContent).join(' | ')).toContain(text),
  );
}

describe('create category (/dashboard/create-category)', () => {
  it("says 'you must fill all input' and sends nothing", async () => {
    const api = rewardsApi();
    await renderApp('/dashboard/create-category');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save' }));
    await toast('you must fill all input');
    expect(screen.getByText('Upload image')).toBeTruthy();
    expect(writes(api)).toEqual([]);
  });
});

describe('edit category (/dashboard/edit-category/:id)', () => {
  it("says 'No changes detected' for an unchanged edit and 'Please fill all fields.' for a blank one", async () => {
    const api = rewardsApi();
    api.answers.set('GET /api/admin/reward-categories/3', { status: 200, body: category });
    await renderApp('/dashboard/edit-category/3');
    const u = userEvent.setup();
    const description = await screen.findByLabelText('Description');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await toast('No changes detected');
    await u.clear(description);
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await toast('Please fill all fields.');
    expect(writes(api)).toEqual([]);
  });
});

describe('create voucher (/dashboard/rewards/create-Vocher)', () => {
  it("says 'All Fields Required', then 'Points Must be Number' for fractional points", async () => {
    const api = rewardsApi();
    await renderApp('/dashboard/rewards/create-Vocher');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Save' }));
    await toast('All Fields Required');
    await u.type(screen.getByLabelText('Points required'), '12.5');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('Points Must be Number')).toBeTruthy());
    expect(writes(api)).toEqual([]);
  });
});

describe('vouchers list (/dashboard/rewards/vocher)', () => {
  it("shows the stock left and asks before deleting; a refusal says 'Failed to delete reward'", async () => {
    const api = rewardsApi();
    api.answers.set('GET /api/admin/vouchers', { status: 200, body: page([voucher]) });
    api.answers.set('DELETE /api/admin/vouchers/9', {
      status: 409,
      body: { type: 'about:blank', title: 'Conflict', status: 409, code: 'CONFLICT' },
    });
    await renderApp('/dashboard/rewards/vocher');
    expect(await screen.findByRole('cell', { name: '6 / 10' })).toBeTruthy();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this reward?')).toBeTruthy();
    await u.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await toast('Failed to delete reward');
    expect(writes(api)).toEqual([{ method: 'DELETE', path: '/api/admin/vouchers/9', body: undefined }]);
  });

  it('shows the Arabic screen right-to-left with its empty state', async () => {
    rewardsApi();
    await renderApp('/dashboard/rewards/vocher?lang=ar');
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(await screen.findByText('لا توجد سجلات')).toBeTruthy();
  });
});
