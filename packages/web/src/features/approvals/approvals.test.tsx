import type { ApprovalRequest, MakerCheckerCatalog } from '@loyalty/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi, ok, page } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

const at = '2026-03-01T09:30:00.000Z';
const request = (id: number, patch: Partial<ApprovalRequest> = {}): ApprovalRequest => ({
  id,
  serviceId: 'tier.update',
  status: 'PENDING',
  targetType: 'tier',
  targetId: '7',
  input: { id: 7, name: 'Gold+' },
  before: { id: 7, name: 'Gold', maxPoints: 4999 },
  after: { id: 7, name: 'Gold+', maxPoints: 4999 },
  maker: { id: 2, username: 'maker' },
  makerIp: '10.0.0.8',
  makerVisitorId: 'v-1',
  createdAt: at,
  checker: null,
  decidedAt: null,
  reason: null,
  failureCode: null,
  failureDetail: null,
  ...patch,
});

const catalog = (gated: string[] = []): MakerCheckerCatalog => ({
  config: {
    enabled: true,
    allowSelfApproval: false,
    checkerPermission: 'approval.check',
    updatedAt: at,
    updatedBy: null,
  },
  serviceTypes: [
    {
      id: 1,
      code: 'loyalty',
      nameEn: 'Loyalty',
      nameAr: 'الولاء',
      descriptionEn: '',
      descriptionAr: '',
      serviceCount: 3,
      pendingCount: 1,
      createdAt: at,
      updatedAt: at,
    },
  ],
  services: ['tier.create', 'tier.update', 'tier.delete'].map((serviceId) => ({
    serviceId,
    serviceTypeId: 1,
    nameEn: `Tier ${serviceId.split('.')[1]}`,
    nameAr: `شريحة ${serviceId.split('.')[1]}`,
    descriptionEn: '',
    descriptionAr: '',
    approvalRequired: gated.includes(serviceId),
    active: true,
    createdAt: at,
    updatedAt: at,
  })),
});

/** The fake API plus the maker-checker endpoints, answering from `requests`. */
function installApi(requests: ApprovalRequest[], gated: string[] = [], bulkAnswered = Promise.resolve()) {
  const api = installFakeApi();
  api.me.permissions.push('approval.check', 'adminLog.read');
  return api
    .on({
      'GET /api/admin/maker-checker/catalog': () => ok(catalog(gated)),
      'GET /api/admin/approval-requests/pending-count': () => ok({ mine: 1, inbox: requests.length }),
      'GET /api/admin/approval-requests': () => ok({ ...page(requests), total: requests.length }),
      'POST /api/admin/approval-requests/bulk': async ({ body }) => {
        const { ids } = body as { ids: number[] };
        await bulkAnswered;
        return ok({
          results: ids.map((id, i) =>
            i === 0
              ? { id, ok: true, status: 'APPROVED' }
              : { id, ok: false, status: 'FAILED', code: 'APPROVAL_STALE', detail: 'changed' },
          ),
        });
      },
    })
    .use(({ path, body }) => {
      const one = path.match(/^\/api\/admin\/approval-requests\/(\d+)(?:\/(\w+))?$/);
      if (!one) return undefined;
      const found = requests.find((r) => r.id === Number(one[1]));
      if (!found)
        return { status: 404, body: { type: 'about:blank', title: 'x', status: 404, code: 'NOT_FOUND' } };
      if (!one[2]) return ok(found);
      const status = { approve: 'APPROVED', reject: 'REJECTED', withdraw: 'WITHDRAWN' }[one[2]];
      return ok({ ...found, status, reason: (body as { reason?: string } | undefined)?.reason ?? null });
    });
}

const user = () => userEvent.setup();

describe('Approvals (/dashboard/Approvals)', () => {
  it('lists the inbox and approves several at once behind the loading overlay, reporting each outcome', async () => {
    let answer = () => {};
    const api = installApi(
      [request(5), request(6, { serviceId: 'tier.create', targetId: null, before: null })],
      [],
      new Promise<void>((resolve) => {
        answer = resolve;
      }),
    );
    await renderApp('/dashboard/Approvals');
    const table = await screen.findByTestId('requests-inbox');
    expect(await within(table).findByText('#5')).toBeTruthy();
    expect(within(table).getByText('Tier update')).toBeTruthy();
    expect(within(table).getByText('New tier')).toBeTruthy();
    expect(api.calls.some((c) => c.search.includes('view=inbox'))).toBe(true);

    const u = user();
    for (const box of within(table).getAllByRole('checkbox').slice(1)) await u.click(box);
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Approve selected' }));
    // The spec's full-screen overlay (dataLoading) while the decisions run, gone afterwards.
    expect(await screen.findByTestId('loading-overlay')).toBeTruthy();
    answer();
    const results = await screen.findByTestId('bulk-results');
    await waitFor(() => expect(screen.queryByTestId('loading-overlay')).toBeNull());
    expect(within(results).getByText('Approved')).toBeTruthy();
    expect(within(results).getByText(/The record changed after the request was made/)).toBeTruthy();
    expect(api.calls.find((c) => c.path.endsWith('/bulk'))?.body).toEqual({ action: 'approve', ids: [5, 6] });
  });

  it('shows the change as a before/after diff, and a rejection needs a reason', async () => {
    const api = installApi([request(5)]);
    await renderApp('/dashboard/Approvals?request=5');
    const detail = await screen.findByTestId('request-detail');
    const diff = within(detail).getByTestId('change-diff');
    expect(within(diff).getByText('name')).toBeTruthy();
    expect(within(diff).getByText('Gold')).toBeTruthy();
    expect(within(diff).getByText('Gold+')).toBeTruthy();
    expect(within(diff).queryByText('maxPoints')).toBeNull();
    expect(within(detail).getByText('10.0.0.8 · v-1')).toBeTruthy();

    const u = user();
    await u.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject' });
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please give a reason.')).toBeTruthy();
    await u.type(within(dialog).getByLabelText('Reason'), 'Wrong range');
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path.endsWith('/5/reject'))?.body).toEqual({ reason: 'Wrong range' }),
    );
  });

  it('is in Arabic, right to left, with ?lang=ar', async () => {
    installApi([request(5)]);
    await renderApp('/dashboard/Approvals?lang=ar');
    const table = await screen.findByTestId('requests-inbox');
    expect(await within(table).findByText('شريحة update')).toBeTruthy();
    expect(within(table).getByText('قيد الانتظار')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'اعتماد المحدد' })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
  });
});

describe('Requests (/dashboard/Requests)', () => {
  it('lets the maker withdraw a pending request, and counts the pending ones in the header', async () => {
    const api = installApi([request(9)]);
    await renderApp('/dashboard/Requests?request=9');
    await screen.findByTestId('request-detail');
    expect(api.calls.some((c) => c.search.includes('view=mine'))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    await user().click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(api.calls.some((c) => c.path.endsWith('/9/withdraw'))).toBe(true));
    expect(within(await screen.findByTestId('pending-inbox')).getByText('1')).toBeTruthy();
  });
});

describe('forms under approval', () => {
  it('say so before saving, and a 202 answer says "Submitted for approval"', async () => {
    const api = installApi([], ['tier.create']);
    await renderApp('/dashboard/create-tire');
    expect(await screen.findByTestId('approval-notice')).toBeTruthy();
    api.answers.set('POST /api/admin/tiers', { status: 202, body: { requestId: '12', status: 'PENDING' } });
    const u = user();
    for (const [label, value] of [
      ['Name', 'Gold'],
      ['Description', 'Top'],
      ['Min points', '1000'],
      ['Max points', '4999'],
    ] as const) {
      await u.type(await screen.findByLabelText(label), value);
    }
    await u.click(screen.getByRole('button', { name: 'Save' }));
    const toasts = await screen.findAllByTestId('toast');
    await waitFor(() =>
      expect(toasts.map((t) => t.textContent).join(' ')).toContain('Submitted for approval'),
    );
  });

  it('show nothing when the service applies at once', async () => {
    installApi([], []);
    await renderApp('/dashboard/create-tire');
    await screen.findByLabelText('Name');
    expect(screen.queryByTestId('approval-notice')).toBeNull();
  });
});
