import { alertsCatalogue } from '@loyalty/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, ok } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

const permissions = [
  ...alertsCatalogue.commands.map((c) => c.name),
  ...alertsCatalogue.reads.map((r) => r.code),
];
const stamp = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-02-01T09:30:00.000Z' };
const page = (items: object[]) => ({ items, total: items.length, page: 1, pageSize: 10 });

/** Sets a field found by its label. */
async function fill(label: string, text: string) {
  const input = await waitFor(() => {
    const found = [...document.querySelectorAll('label')].find((l) => l.textContent === label);
    const field = found && document.getElementById(found.htmlFor);
    if (!field) throw new Error(`no field ${label}`);
    return field;
  });
  fireEvent.change(input, { target: { value: text } });
}

const settings = {
  smtp: {
    enabled: true,
    host: 'smtp.bank.example',
    port: 587,
    tls: false,
    requireTls: false,
    user: 'alerts',
    passwordSet: true,
    from: 'rewards@bank.example',
  },
  sms: {
    enabled: true,
    url: 'https://sms.bank.example/send',
    authHeader: 'Authorization',
    authValueSet: true,
    bodyTemplate: '{"to":"{{to}}","text":"{{text}}"}',
    timeoutMs: 5000,
  },
  inApp: { enabled: true },
  retry: { maxAttempts: 5, backoffSeconds: 30 },
  rateLimit: { emailPerMinute: 600, smsPerMinute: 300 },
  timeZone: 'Asia/Riyadh',
  ...stamp,
};

describe('alert form (Alerts/AddAlert/{groupId})', () => {
  it('previews the template with the sample customer and refuses an unknown placeholder before sending', async () => {
    const api = installFakeApi({ permissions });
    api.on({ 'GET /api/admin/tiers': () => ok(page([])) });
    await renderApp('/dashboard/Alerts/AddAlert/3?lang=en');
    await fill('Name (English)', 'Points earned');
    await fill('Name (Arabic)', 'نقاط مكتسبة');
    const event = (await screen.findAllByRole('combobox'))[0] as HTMLElement;
    await act(async () => {
      fireEvent.mouseDown(event);
    });
    fireEvent.click(
      await within(await screen.findByRole('listbox')).findByRole('option', { name: 'Points earned' }),
    );
    await fill('Subject (English)', 'Hi {{customer.nickname}}');
    await fill('Subject (Arabic)', 'مرحبا');
    await fill('Text (English)', 'You earned {{event.points}} points.');
    await fill('Text (Arabic)', 'ربحت {{event.points}} نقطة.');
    expect((await screen.findByTestId('preview-IN_APP-en')).textContent).toContain('You earned 350 points.');
    expect(screen.getByTestId('preview-IN_APP-ar').textContent).toContain('ربحت 350 نقطة.');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      (await screen.findAllByText('Unknown placeholder: use only the placeholders listed')).length,
    ).toBeGreaterThan(0);
    expect(api.callsTo('POST /api/admin/alerts')).toHaveLength(0);
  });
});

describe('channel settings (AlertConfigurations)', () => {
  it('never shows a stored secret, keeps it when the field is left empty, and warns when the address changes', async () => {
    const api = installFakeApi({ permissions });
    api.on({
      'GET /api/admin/alert-settings': () => ok(settings),
      'PUT /api/admin/alert-settings': (req) => ok({ ...settings, ...(req.body as object) }),
    });
    await renderApp('/dashboard/AlertConfigurations?lang=en');
    expect(
      (await screen.findAllByText('A secret is stored; it is never shown. Leave empty to keep it.')).length,
    ).toBe(2);
    await fill('Host', 'relay.bank.example');
    // Another relay does not get the stored password: the screen says so before saving.
    await screen.findByText(
      'The address changed: the stored secret is not sent to it. Type the secret again, or saving clears it.',
    );
    expect(
      screen.getAllByText('A secret is stored; it is never shown. Leave empty to keep it.'),
    ).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /api/admin/alert-settings')).toHaveLength(1));
    const body = api.callsTo('PUT /api/admin/alert-settings')[0]?.body as typeof settings & {
      smtp: { password: unknown };
      sms: { authValue: unknown };
    };
    expect(body.smtp).toMatchObject({ host: 'relay.bank.example', password: null });
    expect(body.sms.authValue).toBeNull();
    expect(body).not.toHaveProperty('test');
  });
});
