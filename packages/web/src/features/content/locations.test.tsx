import { contentCatalogue } from '@loyalty/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

const stamp = { createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z' };
const olaya = {
  id: 4,
  type: 'BRANCH',
  nameEn: 'Riyadh Olaya Branch',
  nameAr: 'فرع العليا - الرياض',
  city: 'Riyadh',
  cityAr: 'الرياض',
  address: 'Olaya, Riyadh',
  addressAr: 'العليا، الرياض',
  latitude: 24.6953,
  longitude: 46.6853,
  phone: '+966 11 200 1000',
  email: 'olaya@branches.example.com',
  openingTime: '08:00',
  closingTime: '16:00',
  workingDays: ['SUN', 'MON', 'TUE', 'WED', 'THU'],
  services: ['CASH_DEPOSIT'],
  status: 'ACTIVE',
  ...stamp,
};
const { createdAt: _c, updatedAt: _u, id: _i, ...olayaInput } = olaya;

function contentApi() {
  const api = installFakeApi();
  api.me.permissions = contentCatalogue.commands
    .map((c) => c.name)
    .concat(contentCatalogue.reads.map((r) => r.code));
  api.on({
    'GET /api/admin/locations': () => ({
      status: 200,
      body: { items: [olaya], total: 1, page: 1, pageSize: 10 },
    }),
    'GET /api/admin/locations/4': () => ({ status: 200, body: olaya }),
    'GET /api/admin/locations/markers': () => ({ status: 200, body: { items: [olaya] } }),
    'GET /api/admin/locations/map-settings': () => ({
      status: 200,
      body: { tileUrl: null, attribution: '' },
    }),
    'PUT /api/admin/locations/4': (req) => ({ status: 200, body: { ...olaya, ...(req.body as object) } }),
  });
  return api;
}
const writes = (api: ReturnType<typeof installFakeApi>) =>
  api.calls.filter((c) => c.method !== 'GET').map(({ method, path, body }) => ({ method, path, body }));

async function toast(text: string) {
  await waitFor(async () =>
    expect((await screen.findAllByTestId('toast')).map((t) => t.textContent).join(' | ')).toContain(text),
  );
}

describe('locations (/dashboard/application/location)', () => {
  it('lists the locations beside the map of every marker', async () => {
    const api = contentApi();
    await renderApp('/dashboard/application/location');
    expect(await screen.findByText('Riyadh Olaya Branch')).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Map of branches and ATMs' })).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET /api/admin/locations/markers')).toHaveLength(1));
  });
});

describe('edit location (/dashboard/application/edit-location/:id)', () => {
  it('refuses bad coordinates, phone, e-mail and hours with their messages; saves a valid change', async () => {
    const api = contentApi();
    await renderApp('/dashboard/application/edit-location/4');
    const u = userEvent.setup();
    const latitude = await screen.findByLabelText('Latitude');
    expect(await screen.findByRole('region', { name: /click or drag the marker/ })).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await toast('No changes detected');

    await u.clear(latitude);
    await u.type(latitude, '95');
    const phone = screen.getByLabelText('Phone number');
    await u.clear(phone);
    await u.type(phone, 'call us');
    const email = screen.getByLabelText('E-mail');
    await u.clear(email);
    await u.type(email, 'olaya.example.com');
    const closing = screen.getByLabelText('Closes at');
    await u.clear(closing);
    await u.type(closing, '07:00{Enter}');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Latitude must be between -90 and 90')).toBeTruthy();
    expect(await screen.findByText('Enter a valid phone number')).toBeTruthy();
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(await screen.findByText('The closing time must be after the opening time')).toBeTruthy();
    expect(writes(api)).toEqual([]);

    await u.clear(latitude);
    await u.type(latitude, '24.7');
    await u.clear(phone);
    await u.type(phone, '+966 11 200 1001');
    await u.clear(email);
    await u.type(email, 'olaya@branches.example.com');
    await u.clear(closing);
    await u.type(closing, '17:00{Enter}');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await toast('Location updated');
    expect(writes(api)).toEqual([
      {
        method: 'PUT',
        path: '/api/admin/locations/4',
        body: { ...olayaInput, id: 4, latitude: 24.7, phone: '+966 11 200 1001', closingTime: '17:00' },
      },
    ]);
  });

  it('sends an emptied phone and e-mail as null, which the API takes, not as its refused blank (issue 48)', async () => {
    const api = contentApi();
    await renderApp('/dashboard/application/edit-location/4');
    const u = userEvent.setup();
    await u.clear(await screen.findByLabelText('Phone number'));
    await u.clear(screen.getByLabelText('E-mail'));
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await toast('Location updated');
    expect(writes(api)).toEqual([
      {
        method: 'PUT',
        path: '/api/admin/locations/4',
        body: { ...olayaInput, id: 4, phone: null, email: null },
      },
    ]);
  });
});
