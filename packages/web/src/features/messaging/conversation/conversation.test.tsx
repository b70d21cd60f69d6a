import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeApi, ok } from '../../../test/fakeApi.ts';
import { renderApp } from '../../../test/renderApp.tsx';
import { detail, message, messagingApi, pageOf, toast, writes } from '../testing.ts';

const queue = [
  message(1, { overdue: true, status: 'ASSIGNED', assigneeId: 7, assigneeName: 'Nora Agent' }),
  message(2, { customerName: 'Sara Al-Harbi', subject: '' }),
];

/** The queue's endpoint answering `items`. */
const withQueue = (api: FakeApi, items = queue) =>
  api.on({ 'GET /api/admin/messages': () => ok(pageOf(items)) });

async function pick(combobox: HTMLElement, option: string) {
  await act(async () => {
    fireEvent.mouseDown(combobox);
  });
  fireEvent.click(await within(await screen.findByRole('listbox')).findByRole('option', { name: option }));
}

describe('message queue (/dashboard/message)', () => {
  it('lists each message with its customer, category, status, assignee, age and overdue mark', async () => {
    withQueue(messagingApi());
    await renderApp('/dashboard/message?lang=en');
    const row = (await screen.findByRole('link', { name: 'Question 1' })).closest('tr') as HTMLElement;
    for (const text of ['Customer 1', 'C101', 'Points', 'Assigned', 'Nora Agent', '5 h', 'Overdue']) {
      expect(within(row).getByText(text)).toBeTruthy();
    }
    const other = screen.getByText('Sara Al-Harbi').closest('tr') as HTMLElement;
    expect(within(other).getByText('(no subject)')).toBeTruthy();
    expect(within(other).getByText('Unassigned')).toBeTruthy();
    expect(within(other).queryByText('Overdue')).toBeNull();
  });

  it('names each customer in Arabic on the Arabic queue', async () => {
    withQueue(messagingApi());
    await renderApp('/dashboard/message?lang=ar');
    const row = (await screen.findByRole('link', { name: 'Question 1' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('العميل 1')).toBeTruthy();
    expect(within(row).queryByText('Customer 1')).toBeNull();
  });

  it('keeps my queue, the search and the filters in the URL and asks the server for them', async () => {
    const api = withQueue(messagingApi());
    const { router } = await renderApp('/dashboard/message?lang=en');
    const u = userEvent.setup();
    await u.click(await screen.findByText('My queue'));
    await waitFor(() => expect(router.state.location.search).toContain('mine=true'));
    await u.type(screen.getByRole('searchbox', { name: /Search: customer number/ }), 'sara{Enter}');
    await pick(screen.getByRole('combobox', { name: 'Status' }), 'New');
    await u.click(screen.getByRole('checkbox', { name: 'Overdue only' }));
    await waitFor(() => {
      const query = new URLSearchParams(api.callsTo('GET /api/admin/messages').at(-1)?.search);
      expect(Object.fromEntries(query)).toMatchObject({
        mine: 'true',
        q: 'sara',
        status: 'NEW',
        overdue: 'true',
      });
    });
    expect(router.state.location.search).toContain('status=NEW');
  });

  it('assigns the selected messages to a person, one outcome for all', async () => {
    const api = withQueue(messagingApi());
    api.use(({ method, path }) =>
      method === 'POST' && /^\/api\/admin\/messages\/\d+\/assign$/.test(path) ? ok(detail(1)) : undefined,
    );
    await renderApp('/dashboard/message?lang=en');
    const u = userEvent.setup();
    await screen.findByRole('link', { name: 'Question 1' });
    const boxes = document.querySelectorAll<HTMLInputElement>(
      'tbody tr[data-row-key] input[type="checkbox"]',
    );
    expect(boxes).toHaveLength(2);
    for (const box of boxes) await u.click(box);
    await u.click(await screen.findByRole('button', { name: 'Assign selected' }));
    const dialog = await screen.findByRole('dialog');
    await pick(within(dialog).getByRole('combobox', { name: 'Staff member' }), 'Omar Agent (omar)');
    await u.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await toast('Messages assigned');
    expect(writes(api)).toEqual([
      { method: 'POST', path: '/api/admin/messages/1/assign', body: { userId: 8 } },
      { method: 'POST', path: '/api/admin/messages/2/assign', body: { userId: 8 } },
    ]);
  });

  it("shows 'No records found' for an empty queue", async () => {
    withQueue(messagingApi(), []);
    await renderApp('/dashboard/message');
    expect(await screen.findByText('No records found')).toBeTruthy();
  });
});

describe('conversation (/dashboard/admin/message/:id)', () => {
  const withConversation = (api: FakeApi, body = detail(3)) => {
    api.on({ 'GET /api/admin/messages/3': () => ok(body) });
    return api;
  };

  it('names the customer’s tier in Arabic on the Arabic screen', async () => {
    withConversation(messagingApi());
    await renderApp('/dashboard/admin/message/3?lang=ar');
    expect(await screen.findByText('ذهبي')).toBeTruthy();
    expect(screen.queryByText('Gold')).toBeNull();
  });

  it('shows the customer card, the thread in order with notes apart, category, status and assignee', async () => {
    withConversation(messagingApi());
    await renderApp('/dashboard/admin/message/3?lang=en');
    expect(await screen.findByText('12,500')).toBeTruthy();
    expect(screen.getByText('Gold')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open customer info' }).getAttribute('href')).toBe(
      '/dashboard/customer/info?id=43&lang=en',
    );
    const thread = screen.getByTestId('thread');
    expect([...thread.children].map((e) => e.getAttribute('data-testid'))).toEqual([
      'entry-INBOUND',
      'entry-NOTE',
    ]);
    expect(within(screen.getByTestId('entry-NOTE')).getByText(/Internal note/)).toBeTruthy();
    expect(screen.getByText('New')).toBeTruthy();
    expect(screen.getByText('Unassigned')).toBeTruthy();
  });

  it('adds an internal note, changes the category, and closes after confirmation', async () => {
    const api = messagingApi();
    const noted = detail(3);
    noted.entries.push({
      id: 3,
      kind: 'NOTE',
      body: 'Customer called too',
      authorName: 'Amal Admin',
      createdAt: new Date().toISOString(),
      readAt: null,
    });
    // The server's state: each write changes what the next read answers.
    let current = detail(3);
    const answer = (next: typeof current) => {
      current = next;
      return ok(current);
    };
    api.on({
      'POST /api/admin/messages/3/notes': () => answer(noted),
      'POST /api/admin/messages/3/category': () =>
        answer({ ...current, categoryId: 6, categoryNameEn: 'Vouchers' }),
      'POST /api/admin/messages/3/close': () => answer({ ...current, status: 'CLOSED' }),
    });
    api.use(({ method, path }) =>
      method === 'GET' && path === '/api/admin/messages/3' ? ok(current) : undefined,
    );
    await renderApp('/dashboard/admin/message/3?lang=en');
    const u = userEvent.setup();
    await u.type(await screen.findByRole('textbox', { name: 'Internal note' }), 'Customer called too');
    await u.click(screen.getByRole('button', { name: 'Add note' }));
    await toast('Note added');
    expect(await screen.findByText('Customer called too')).toBeTruthy();

    await pick(screen.getByRole('combobox', { name: 'Category' }), 'Vouchers');
    await toast('Category changed');

    await u.click(screen.getByText('Close', { selector: 'button span' }));
    await u.click(await screen.findByRole('button', { name: 'Yes' }));
    await toast('Conversation closed');
    expect(await screen.findByRole('button', { name: 'Reopen' })).toBeTruthy();
    expect(writes(api)).toEqual([
      { method: 'POST', path: '/api/admin/messages/3/notes', body: { body: 'Customer called too' } },
      { method: 'POST', path: '/api/admin/messages/3/category', body: { categoryId: 6 } },
      { method: 'POST', path: '/api/admin/messages/3/close', body: undefined },
    ]);
  });

  it("says 'Submitted for approval' when an assignment waits for a checker", async () => {
    const api = withConversation(messagingApi());
    api.answers.set('POST /api/admin/messages/3/assign', {
      status: 202,
      body: { requestId: 'r-9', status: 'PENDING' },
    });
    await renderApp('/dashboard/admin/message/3?lang=en');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Assign' }));
    const dialog = await screen.findByRole('dialog');
    await u.click(within(dialog).getByRole('radio', { name: /A role/ }));
    await pick(within(dialog).getByRole('combobox', { name: 'Role' }), 'Support');
    await u.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await toast('Submitted for approval');
    expect(writes(api)).toEqual([
      { method: 'POST', path: '/api/admin/messages/3/assign', body: { roleId: 3 } },
    ]);
  });
});

describe('reply (/dashboard/replay/message/:id)', () => {
  const values = {
    'customer.name': 'سارة الحربي',
    'customer.number': 'C103',
    'customer.balance': '12,500',
    'customer.tier': 'Gold',
    'points.expiring': '300',
    'points.expiringAt': '2026-01-31',
    'staff.name': 'Amal Admin',
  };
  const template = {
    id: 4,
    name: 'Balance',
    bodyEn: 'Dear {{customer.name}}, you have {{customer.balance}} points.',
    bodyAr: 'عزيزتي {{customer.name}}، رصيدك {{customer.balance}} نقطة.',
    additionalInfo: '',
    status: 'ACTIVE',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  };
  const replyApi = () =>
    messagingApi().on({
      'GET /api/admin/messages/3': () => ok(detail(3)),
      'GET /api/admin/messages/3/placeholders': () => ok(values),
      'GET /api/admin/message-templates': () => ok(pageOf([template])),
      'GET /api/admin/message-templates/4': () => ok(template),
    });

  it("starts from a template in the customer's language, previews it filled, sends and closes", async () => {
    const api = replyApi();
    api.on({ 'POST /api/admin/messages/3/replies': () => ok({ ...detail(3), status: 'CLOSED' }) });
    const { router } = await renderApp('/dashboard/replay/message/3?lang=en');
    await screen.findByText('The customer wrote');
    await pick(screen.getByRole('combobox', { name: 'Template' }), 'Balance');
    await waitFor(() =>
      expect(screen.getByTestId('reply-preview').textContent).toBe('عزيزتي سارة الحربي، رصيدك 12,500 نقطة.'),
    );
    expect(screen.getByText('As the customer will read it (Arabic)')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send and close' }));
    await toast('Reply sent');
    expect(writes(api)).toEqual([
      {
        method: 'POST',
        path: '/api/admin/messages/3/replies',
        body: { body: template.bodyAr, templateId: 4, close: true },
      },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/admin/message/3'));
  });

  it('refuses an empty reply and an unknown placeholder before sending', async () => {
    const api = replyApi();
    await renderApp('/dashboard/replay/message/3?lang=en');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Send' }));
    await toast('Please fill all fields.');
    fireEvent.change(screen.getByRole('textbox', { name: 'Reply' }), {
      target: { value: 'Hi {{customer.nick}}' },
    });
    await u.click(screen.getByRole('button', { name: 'Send' }));
    await toast('Unknown placeholder: use only the placeholders listed');
    expect(writes(api)).toEqual([]);
  });

  it('inserts a placeholder from the list and previews it', async () => {
    replyApi();
    await renderApp('/dashboard/replay/message/3?lang=en');
    const u = userEvent.setup();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Reply' }), {
      target: { value: 'Your tier:' },
    });
    await u.click(within(screen.getByTestId('placeholder-list')).getByText('{{customer.tier}}'));
    await waitFor(() => expect(screen.getByTestId('reply-preview').textContent).toBe('Your tier: Gold'));
  });
});
