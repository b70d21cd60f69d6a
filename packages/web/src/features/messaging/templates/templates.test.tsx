import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../test/fakeApi.ts';
import { renderApp } from '../../../test/renderApp.tsx';
import { categories, messagingApi, pageOf, stamp, toast, writes } from '../testing.ts';

const template = {
  id: 4,
  name: 'Points credited',
  bodyEn: 'Dear {{customer.name}}, your balance is {{customer.balance}}.',
  bodyAr: 'عزيزي {{customer.name}}، رصيدك {{customer.balance}}.',
  additionalInfo: 'For missing points',
  status: 'ACTIVE',
  ...stamp,
};

/** Sets a field found by its label (braces and all). */
async function fill(label: string, text: string, within: HTMLElement = document.body) {
  const input = await waitFor(() => {
    const found = [...within.querySelectorAll('label')].find((l) => l.textContent === label);
    const field = found && document.getElementById(found.htmlFor);
    if (!field) throw new Error(`no field ${label}`);
    return field;
  });
  fireEvent.change(input, { target: { value: text } });
}

/** Picks the option of the select labelled `label`. */
async function choose(label: string, option: string) {
  const [field] = await screen.findAllByRole('combobox', { name: label });
  await act(async () => {
    fireEvent.mouseDown(field as HTMLElement);
  });
  fireEvent.click(await within(await screen.findByRole('listbox')).findByRole('option', { name: option }));
}

describe('templates (/dashboard/template)', () => {
  it('lists name, the body in the screen’s language, additional info, status, create time and last update', async () => {
    const api = messagingApi();
    api.on({ 'GET /api/admin/message-templates': () => ok(pageOf([template])) });
    await renderApp('/dashboard/template?lang=en');
    const row = (await screen.findByRole('cell', { name: 'Points credited' })).closest('tr') as HTMLElement;
    expect(within(row).getByText(template.bodyEn)).toBeTruthy();
    expect(within(row).queryByText(template.bodyAr)).toBeNull();
    expect(within(row).getByText('For missing points')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    for (const title of ['Create time', 'Last update', 'Body']) {
      expect(
        screen.getByRole('columnheader', { name: new RegExp(title.replace(/[()]/g, '.')) }),
      ).toBeTruthy();
    }
  });

  it('shows the Arabic body on the Arabic screen (issue 54)', async () => {
    messagingApi().on({ 'GET /api/admin/message-templates': () => ok(pageOf([template])) });
    await renderApp('/dashboard/template?lang=ar');
    const row = (await screen.findByRole('cell', { name: 'Points credited' })).closest('tr') as HTMLElement;
    expect(within(row).getByText(template.bodyAr)).toBeTruthy();
    expect(within(row).queryByText(template.bodyEn)).toBeNull();
    expect(screen.getByRole('columnheader', { name: /^النص/ })).toBeTruthy();
  });

  it("shows 'No records found' when there is none", async () => {
    messagingApi().on({ 'GET /api/admin/message-templates': () => ok(pageOf([])) });
    await renderApp('/dashboard/template');
    expect(await screen.findByText('No records found')).toBeTruthy();
  });
});

describe('create template (/dashboard/create-template)', () => {
  it('shows the documented placeholders beside the form, and refuses an unknown one before sending', async () => {
    const api = messagingApi();
    await renderApp('/dashboard/create-template');
    const list = await screen.findByTestId('placeholder-list');
    expect(within(list).getByText('{{customer.balance}}')).toBeTruthy();
    expect(within(list).getByText('Points balance, grouped digits')).toBeTruthy();
    await fill('Name', 'Welcome');
    await fill('Body (English)', 'Hi {{customer.nickname}}');
    await fill('Body (Arabic)', 'مرحبا {{customer.name}}');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    await toast('Unknown placeholder: use only the placeholders listed');
    expect(writes(api)).toEqual([]);
  });

  it('creates the template and returns to the list', async () => {
    const api = messagingApi();
    api.on({
      'POST /api/admin/message-templates': () => ok(template),
      'GET /api/admin/message-templates': () => ok(pageOf([template])),
    });
    const { router } = await renderApp('/dashboard/create-template?lang=en');
    await fill('Name', template.name);
    await fill('Body (English)', template.bodyEn);
    await fill('Body (Arabic)', template.bodyAr);
    await choose('Status', 'Active');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    await toast('Template created');
    expect(writes(api)).toEqual([
      {
        method: 'POST',
        path: '/api/admin/message-templates',
        body: {
          name: template.name,
          nameAr: '',
          bodyEn: template.bodyEn,
          bodyAr: template.bodyAr,
          additionalInfo: '',
          status: 'ACTIVE',
        },
      },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/template'));
  });

  it("puts the server's refusal of a placeholder on its field", async () => {
    const api = messagingApi();
    api.answers.set('POST /api/admin/message-templates', {
      status: 400,
      body: {
        type: 'about:blank',
        title: 'Bad',
        status: 400,
        code: 'VALIDATION_FAILED',
        errors: [{ path: 'bodyAr', message: 'unknownPlaceholder' }],
      },
    });
    await renderApp('/dashboard/create-template');
    await fill('Name', 'Welcome');
    await fill('Body (English)', 'Hello');
    await fill('Body (Arabic)', 'مرحبا');
    await choose('Status', 'Active');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    await toast('Error creating template');
    expect(await screen.findByText('Unknown placeholder: use only the placeholders listed')).toBeTruthy();
  });
});

describe('edit template (/dashboard/edit-template/:id)', () => {
  it('loads the template and updates it', async () => {
    const api = messagingApi();
    api.on({
      'GET /api/admin/message-templates/4': () => ok(template),
      'PUT /api/admin/message-templates/4': () => ok(template),
      'GET /api/admin/message-templates': () => ok(pageOf([template])),
    });
    await renderApp('/dashboard/edit-template/4?lang=ar');
    expect(((await screen.findByLabelText('الاسم')) as HTMLInputElement).value).toBe('Points credited');
    await fill('معلومات إضافية', 'For points that did not arrive');
    await userEvent.setup().click(screen.getByRole('button', { name: 'حفظ' }));
    await toast('تم تحديث القالب');
    expect(writes(api)[0]).toMatchObject({
      method: 'PUT',
      body: { id: 4, additionalInfo: 'For points that did not arrive' },
    });
  });
});

describe('message categories (/dashboard/message?tab=categories)', () => {
  it('lists the categories and creates one in a drawer', async () => {
    const api = messagingApi();
    api.on({ 'POST /api/admin/message-categories': () => ok(categories[0]) });
    const { router } = await renderApp('/dashboard/message?tab=categories&lang=en');
    const row = (await screen.findByRole('cell', { name: 'Vouchers' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Support')).toBeTruthy();
    expect(within(row).getByText('24')).toBeTruthy();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Create' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('New message category')).toBeTruthy();
    await fill('Name (English)', 'Complaints', drawer);
    await fill('Name (Arabic)', 'الشكاوى', drawer);
    await fill('Response target (hours)', '8', drawer);
    await choose('Status', 'Active');
    await u.click(within(drawer).getByRole('button', { name: 'Save' }));
    await toast('Category created');
    expect(writes(api)).toEqual([
      {
        method: 'POST',
        path: '/api/admin/message-categories',
        body: {
          nameEn: 'Complaints',
          nameAr: 'الشكاوى',
          description: '',
          descriptionAr: '',
          responseTargetHours: 8,
          defaultAssigneeRoleId: null,
          status: 'ACTIVE',
        },
      },
    ]);
    await waitFor(() => expect(router.state.location.search).toBe('?tab=categories&lang=en'));
  });
});
