import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi, ok, page } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

const entry = {
  id: 3,
  seq: 3,
  at: '2026-03-01T09:30:00.000Z',
  actorId: 1,
  actorUsername: 'checker',
  onBehalfOf: 'maker',
  ip: '10.0.0.9',
  visitorId: 'v-9',
  requestId: 'r-1',
  command: 'tier.update',
  outcome: 'SUCCESS',
  targetType: 'tier',
  targetId: '7',
  approvalRequestId: 5,
  before: { name: 'Gold' },
  after: { name: 'Gold+' },
  detail: null,
  prevHash: 'a'.repeat(64),
  hash: 'b'.repeat(64),
};

/** The fake API plus the log endpoints (the audit trail: `entries`); records the queries it was asked. */
function installApi(verify: object, entries: object[] = [entry]) {
  const api = installFakeApi();
  api.me.permissions.push('adminLog.read', 'systemLog.read');
  const item = {
    id: 1,
    at: entry.at,
    level: 'error',
    category: 'http',
    message: 'request failed',
    requestId: 'r-1',
    context: null,
  };
  return api.on({
    'GET /api/admin/admin-logs': () => ok(page(entries)),
    'GET /api/admin/admin-logs/verify': () => ok(verify),
    'GET /api/admin/system-logs/settings': () =>
      ok({ retentionDays: 90, updatedAt: entry.at, updatedBy: null }),
    'GET /api/admin/system-logs': () =>
      ok(
        page([
          item,
          { ...item, id: 2, level: 'info', category: 'job', message: 'job finished', requestId: null },
        ]),
      ),
  });
}

describe('AdminLogs (/dashboard/SystemLogs/AdminLogs)', () => {
  it('filters through the URL, shows who acted for whom, the diff, and a broken chain', async () => {
    const api = installApi({
      intact: false,
      entries: 10,
      head: { seq: 10, hash: 'c'.repeat(64) },
      firstBroken: { id: 3, seq: 3, at: entry.at, reason: 'HASH_MISMATCH' },
    });
    await renderApp('/dashboard/SystemLogs/AdminLogs?outcome=SUCCESS&approvalRequestId=5');
    const table = await screen.findByTestId('admin-logs-table');
    expect(await within(table).findByText('(for maker)')).toBeTruthy();
    await waitFor(() =>
      expect(
        api.calls.some(
          (c) => c.search.includes('outcome=SUCCESS') && c.search.includes('approvalRequestId=5'),
        ),
      ).toBe(true),
    );

    const u = userEvent.setup();
    await u.click(within(table).getAllByRole('button', { name: /expand/i })[0] as HTMLElement);
    const diff = await screen.findByTestId('change-diff');
    expect(within(diff).getByText('Gold+')).toBeTruthy();

    await u.click(screen.getByRole('button', { name: 'Verify integrity' }));
    expect((await screen.findByTestId('verify-result')).textContent).toContain(
      'The audit trail was altered at entry 3: its content does not match its hash.',
    );
  });
});

describe('AdminLogs in Arabic', () => {
  it('shows the server’s fixed wordings of a detail in Arabic, an error code as its message, other text as written', async () => {
    const failed = { ...entry, command: 'auth.login', outcome: 'FAILED', before: null, after: null };
    installApi({ intact: true, entries: 3, head: null, firstBroken: null }, [
      { ...failed, id: 1, detail: 'wrong password; account locked' },
      { ...failed, id: 2, detail: 'smtp timeout' },
      { ...failed, id: 3, detail: 'INVALID_CREDENTIALS' },
    ]);
    await renderApp('/dashboard/SystemLogs/AdminLogs?lang=ar');
    const table = await screen.findByTestId('admin-logs-table');
    expect(await within(table).findByText('كلمة مرور خاطئة؛ الحساب مقفل')).toBeTruthy();
    expect(within(table).getByText('smtp timeout').getAttribute('lang')).toBe('en');
    expect(within(table).getByTitle('INVALID_CREDENTIALS').textContent).toMatch(/[\u0600-\u06FF]/);
  });
});

describe('SystemLogs (/dashboard/SystemLogs)', () => {
  it('lists events with their level, filters by level, and shows the retention', async () => {
    const api = installApi({ intact: true, entries: 0, head: null, firstBroken: null });
    await renderApp('/dashboard/SystemLogs?lang=ar&level=error');
    const table = await screen.findByTestId('system-logs-table');
    // A text the server wrote freely is shown as written, marked English; a fixed one is translated.
    expect((await within(table).findByText('request failed')).getAttribute('lang')).toBe('en');
    expect(within(table).getByText('خطأ')).toBeTruthy();
    expect(within(table).getByText('اكتملت المهمة')).toBeTruthy();
    expect(within(table).getByText('مهمة مجدولة')).toBeTruthy();
    expect(within(table).getByText('طلب')).toBeTruthy();
    expect(api.calls.some((c) => c.search.includes('level=error'))).toBe(true);
    expect(await screen.findByDisplayValue('90')).toBeTruthy();
  });
});
