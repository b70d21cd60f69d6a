import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi, tier } from '../../../test/fakeApi.ts';
import { renderApp } from '../../../test/renderApp.tsx';

const user = () => userEvent.setup();

/** The toast notifications currently on screen. */
async function toast(text: string) {
  const toasts = await screen.findAllByTestId('toast');
  await waitFor(() => expect(toasts.map((t) => t.textContent).join(' | ')).toContain(text));
}

const writes = (api: ReturnType<typeof installFakeApi>) =>
  api.calls
    .filter((c) => c.path.startsWith('/api/admin/tiers') && c.method !== 'GET')
    .map(({ method, path, body }) => ({ method, path, body }));

async function fill(
  values: Partial<Record<'Name' | 'Name (Arabic)' | 'Description' | 'Min points' | 'Max points', string>>,
) {
  const u = user();
  for (const [label, value] of Object.entries(values)) {
    const input = await screen.findByLabelText(label);
    await u.clear(input);
    if (value) await u.type(input, value);
  }
  return u;
}

describe('create tier (/dashboard/create-tire)', () => {
  it("asks to fill all fields and sends nothing: 'Please fill all fields.'", async () => {
    const api = installFakeApi();
    await renderApp('/dashboard/create-tire');
    const u = await fill({ Name: 'Gold' });
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await toast('Please fill all fields.');
    // Inline too, under each empty field.
    await waitFor(() =>
      expect(screen.getAllByText('Please fill all fields.').length).toBeGreaterThanOrEqual(4),
    );
    expect(writes(api)).toEqual([]);
  });

  it("refuses min points not below max points: 'Minpoints must be less than Maxpoints'", async () => {
    const api = installFakeApi();
    await renderApp('/dashboard/create-tire');
    const u = await fill({ Name: 'Gold', Description: 'Top', 'Min points': '5000', 'Max points': '100' });
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await toast('Minpoints must be less than Maxpoints');
    expect(writes(api)).toEqual([]);
  });

  it("creates the tier, says 'tier created' and returns to the list", async () => {
    const api = installFakeApi();
    const { router } = await renderApp('/dashboard/create-tire?lang=en');
    const u = await fill({
      Name: '  Gold ',
      'Name (Arabic)': ' ذهبي ',
      Description: 'Top',
      'Min points': '1000',
      'Max points': '4999',
    });
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await toast('tier created');
    expect(writes(api)).toEqual([
      {
        method: 'POST',
        path: '/api/admin/tiers',
        body: {
          name: 'Gold',
          nameAr: 'ذهبي',
          description: 'Top',
          descriptionAr: '',
          minPoints: 1000,
          maxPoints: 4999,
        },
      },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/loyalty/tire'));
    expect(router.state.location.search).toBe('?lang=en');
    expect(await screen.findByRole('cell', { name: 'Gold' })).toBeTruthy();
  });

  it("shows 'Error creating tire' with the overlap reason on 409 TIER_RANGE_OVERLAP", async () => {
    installFakeApi({ tiers: [tier(1, 'Silver', 0, 999)] });
    const { router } = await renderApp('/dashboard/create-tire');
    const u = await fill({ Name: 'Gold', Description: 'Top', 'Min points': '500', 'Max points': '4999' });
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await toast('Error creating tire');
    await toast('The points range overlaps another tier.');
    expect(router.state.location.pathname).toBe('/dashboard/create-tire');
  });

  it('puts server field errors on their fields', async () => {
    const api = installFakeApi();
    api.answers.set('POST /api/admin/tiers', {
      status: 400,
      body: {
        type: 'about:blank',
        title: 'Bad',
        status: 400,
        code: 'VALIDATION_FAILED',
        errors: [{ path: 'maxPoints', message: 'minLessThanMax' }],
      },
    });
    await renderApp('/dashboard/create-tire');
    const u = await fill({ Name: 'Gold', Description: 'Top', 'Min points': '1', 'Max points': '2' });
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await toast('Error creating tire');
    expect(await screen.findByText('Minpoints must be less than Maxpoints')).toBeTruthy();
  });

  it("says 'Submitted for approval' when the write goes to maker-checker (202)", async () => {
    const api = installFakeApi();
    api.answers.set('POST /api/admin/tiers', { status: 202, body: { requestId: 'r-1', status: 'PENDING' } });
    await renderApp('/dashboard/create-tire');
    const u = await fill({ Name: 'Gold', Description: 'Top', 'Min points': '1', 'Max points': '2' });
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await toast('Submitted for approval');
  });
});

describe('edit tier (/dashboard/edit-tire/:id)', () => {
  it("sends nothing when nothing changed: 'No changes detected'", async () => {
    const api = installFakeApi({ tiers: [tier(7, 'Gold', 1000, 4999)] });
    await renderApp('/dashboard/edit-tire/7');
    expect(((await screen.findByLabelText('Name')) as HTMLInputElement).value).toBe('Gold');
    await user().click(screen.getByRole('button', { name: 'Save' }));
    await toast('No changes detected');
    expect(writes(api)).toEqual([]);
  });

  it("updates the tier: 'data updated'", async () => {
    const api = installFakeApi({ tiers: [tier(7, 'Gold', 1000, 4999)] });
    const { router } = await renderApp('/dashboard/edit-tire/7');
    const u = await fill({ 'Max points': '5999' });
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await toast('data updated');
    expect(writes(api)).toEqual([
      {
        method: 'PUT',
        path: '/api/admin/tiers/7',
        body: {
          id: 7,
          name: 'Gold',
          nameAr: '',
          description: 'Gold tier',
          descriptionAr: '',
          minPoints: 1000,
          maxPoints: 5999,
        },
      },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/loyalty/tire'));
  });

  it("says 'Failed to update tire data' when the update fails", async () => {
    const api = installFakeApi({ tiers: [tier(7, 'Gold', 1000, 4999)] });
    api.answers.set('PUT /api/admin/tiers/7', {
      status: 500,
      body: { type: 'about:blank', title: 'Oops', status: 500, code: 'INTERNAL' },
    });
    await renderApp('/dashboard/edit-tire/7');
    const u = await fill({ Name: 'Golden' });
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await toast('Failed to update tire data');
  });

  it("says 'Failed to fetch tire data' when the tier cannot be loaded", async () => {
    installFakeApi();
    await renderApp('/dashboard/edit-tire/404');
    await toast('Failed to fetch tire data');
  });

  it('asks before leaving with unsaved changes', async () => {
    installFakeApi({ tiers: [tier(7, 'Gold', 1000, 4999)] });
    const { router } = await renderApp('/dashboard/edit-tire/7');
    const u = await fill({ Name: 'Platinum' });
    await u.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('You have unsaved changes. Leave this page and discard them?'),
    ).toBeTruthy();
    await u.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/dashboard/edit-tire/7');

    await u.click(screen.getByRole('button', { name: 'Cancel' }));
    await u.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/loyalty/tire'));
  });
});

describe('tier list (/dashboard/loyalty/tire)', () => {
  const three = [tier(1, 'Silver', 0, 999), tier(2, 'Gold', 1000, 4999), tier(3, 'Platinum', 5000, 9999)];

  it('lists tiers with name, description, min and max points', async () => {
    installFakeApi({ tiers: three });
    await renderApp('/dashboard/loyalty/tire');
    const row = (await screen.findByRole('cell', { name: 'Gold' })).closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Gold', 'Gold tier', '1,000', '4,999', 'EditDelete']);
    for (const title of ['Name', 'Description', 'Min points', 'Max points']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(title) })).toBeTruthy();
    }
  });

  it("shows 'No records found' when there is nothing", async () => {
    installFakeApi();
    await renderApp('/dashboard/loyalty/tire');
    expect(await screen.findByText('No records found')).toBeTruthy();
  });

  it('keeps search, sort and page in the URL and asks the server for them', async () => {
    const api = installFakeApi({ tiers: three });
    const { router } = await renderApp('/dashboard/loyalty/tire?lang=en');
    const u = user();
    await u.type(await screen.findByRole('searchbox', { name: 'Search tiers' }), 'gold{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?lang=en&q=gold&page=1'));
    await u.click(screen.getByRole('columnheader', { name: /Min points/ }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('minPoints:asc'),
    );
    await waitFor(() => expect(api.calls.at(-1)?.path).toBe('/api/admin/tiers'));
    const last = api.calls.filter((c) => c.path === '/api/admin/tiers').at(-1);
    expect(last).toBeTruthy();
  });

  it("deletes after 'Are you sure you want to delete this tire?'", async () => {
    const api = installFakeApi({ tiers: three });
    await renderApp('/dashboard/loyalty/tire');
    const row = (await screen.findByRole('cell', { name: 'Gold' })).closest('tr') as HTMLElement;
    const u = user();
    await u.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this tire?')).toBeTruthy();
    await u.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Gold' })).toBeNull());
    expect(writes(api)).toEqual([{ method: 'DELETE', path: '/api/admin/tiers/2', body: undefined }]);
  });

  it("says 'Failed to delete tire' when the delete fails, and 'No' deletes nothing", async () => {
    const api = installFakeApi({ tiers: three });
    api.answers.set('DELETE /api/admin/tiers/2', {
      status: 409,
      body: { type: 'about:blank', title: 'In use', status: 409, code: 'CONFLICT' },
    });
    await renderApp('/dashboard/loyalty/tire');
    const row = (await screen.findByRole('cell', { name: 'Gold' })).closest('tr') as HTMLElement;
    const u = user();
    await u.click(within(row).getByRole('button', { name: 'Delete' }));
    await u.click(await screen.findByRole('button', { name: 'No' }));
    expect(writes(api)).toEqual([]);
    await u.click(within(row).getByRole('button', { name: 'Delete' }));
    await u.click(await screen.findByRole('button', { name: 'Yes' }));
    await toast('Failed to delete tire');
    expect(screen.getByRole('cell', { name: 'Gold' })).toBeTruthy();
  });

  it('hides create, edit and delete from a user who may only read', async () => {
    const api = installFakeApi({ tiers: three });
    api.me.permissions = ['tier.read'];
    await renderApp('/dashboard/loyalty/tire');
    expect(await screen.findByRole('cell', { name: 'Gold' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('speaks Arabic right-to-left with ?lang=ar and keeps it when navigating', async () => {
    installFakeApi({ tiers: three });
    const { router } = await renderApp('/dashboard/loyalty/tire?lang=ar');
    expect(await screen.findByRole('columnheader', { name: /الحد الأدنى للنقاط/ })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    await user().click(screen.getByRole('button', { name: 'إنشاء' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/create-tire'));
    expect(router.state.location.search).toBe('?lang=ar');
  });
});
