import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, page } from '../../../test/fakeApi.ts';
import { renderApp } from '../../../test/renderApp.tsx';

const schedule = {
  id: 7,
  title: 'Points liability — finance, monthly',
  report: 'liability',
  frequency: 'MONTHLY',
  format: 'xlsx',
  recipientIds: [1],
  recipients: [{ id: 1, username: 'admin', fullName: 'System Administrator', fullNameAr: 'مدير النظام' }],
  active: false,
  nextRunAt: '2026-12-01T00:00:00.000Z',
  lastSentAt: null,
  lastPeriod: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
};

describe('scheduled reports', () => {
  it('starts a new schedule switched on (the contract’s default)', async () => {
    installFakeApi({ permissions: ['report.read', 'reportSchedule.create'] });
    await renderApp('/dashboard/MainReports/Schedules/Add');
    const sending = await screen.findByRole('switch');
    expect(sending.getAttribute('aria-checked')).toBe('true');
  });

  it('shows a paused schedule as paused instead of its next sending', async () => {
    installFakeApi({ permissions: ['report.read', 'reportSchedule.read'] }).on({
      'GET /api/admin/report-schedules': () => ({ status: 200, body: page([schedule]) }),
    });
    await renderApp('/dashboard/MainReports/Schedules');
    await screen.findByText(schedule.title);
    expect(screen.getByText('Paused: not sent until switched on')).toBeTruthy();
  });
});
