import { type Message, type MessageDetail, messagingCatalogue } from '@loyalty/contracts';
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { type FakeApi, installFakeApi, ok } from '../../test/fakeApi.ts';

export const stamp = { createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-02-01T09:30:00.000Z' };
export const pageOf = (items: object[]) => ({ items, total: items.length, page: 1, pageSize: 10 });

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

/** A conversation of the queue. */
export const message = (id: number, over: Partial<Message> = {}): Message => ({
  id,
  customerId: 40 + id,
  customerNumber: `C${100 + id}`,
  customerName: `Customer ${id}`,
  customerNameAr: `العميل ${id}`,
  categoryId: 5,
  categoryNameEn: 'Points',
  categoryNameAr: 'النقاط',
  channel: 'APP',
  subject: `Question ${id}`,
  preview: 'Where are my points?',
  status: 'NEW',
  assigneeId: null,
  assigneeName: null,
  assigneeNameAr: null,
  repliedById: null,
  repliedByName: null,
  repliedByNameAr: null,
  createdAt: hoursAgo(5),
  lastMessageAt: hoursAgo(5),
  repliedAt: null,
  closedAt: null,
  dueAt: hoursAgo(1),
  overdue: false,
  ...over,
});

/** A conversation with its customer and thread. */
export const detail = (id: number, over: Partial<MessageDetail> = {}): MessageDetail => ({
  ...message(id),
  customer: {
    id: 40 + id,
    customerNumber: `C${100 + id}`,
    fullName: `Customer ${id}`,
    language: 'ar',
    tierName: 'Gold',
    tierNameAr: 'ذهبي',
    balance: 12500,
  },
  entries: [
    {
      id: 1,
      kind: 'INBOUND',
      body: 'Where are my points?',
      authorName: null,
      createdAt: hoursAgo(5),
      readAt: null,
    },
    {
      id: 2,
      kind: 'NOTE',
      body: 'Checking the batch',
      authorName: 'Amal Admin',
      createdAt: hoursAgo(4),
      readAt: null,
    },
  ],
  ...over,
});

/** Who can take a message (GET /messages/assignees): name and username. */
export const staff = [
  { id: 7, name: 'Nora Agent', detail: 'nora' },
  { id: 8, name: 'Omar Agent', detail: 'omar' },
];
export const categories = [
  {
    id: 5,
    nameEn: 'Points',
    nameAr: 'النقاط',
    description: 'Missing points',
    responseTargetHours: 4,
    defaultAssigneeRoleId: null,
    defaultAssigneeRoleName: null,
    status: 'ACTIVE',
    ...stamp,
  },
  {
    id: 6,
    nameEn: 'Vouchers',
    nameAr: 'القسائم',
    description: '',
    responseTargetHours: 24,
    defaultAssigneeRoleId: 3,
    defaultAssigneeRoleName: 'Support',
    status: 'ACTIVE',
    ...stamp,
  },
];

/**
 * The fake API with every messaging permission, the staff and categories lists (with search by
 * id), and `routes` for the screen's own endpoints.
 */
export function messagingApi(): FakeApi {
  const api = installFakeApi();
  api.me.permissions = messagingCatalogue.commands
    .map((c) => c.name)
    .concat(messagingCatalogue.reads.map((r) => r.code));
  return api.use(({ method, path }) => {
    if (method !== 'GET') return undefined;
    if (path === '/api/admin/messages/assignees') return ok({ items: staff });
    if (path === '/api/admin/messages/assignee-roles')
      return ok({ items: [{ id: 3, name: 'Support', detail: 'SUPPORT' }] });
    if (path === '/api/admin/message-categories') return ok(pageOf(categories));
    const category = categories.find((c) => path === `/api/admin/message-categories/${c.id}`);
    return category ? ok(category) : undefined;
  });
}

/** The writes the app sent. */
export const writes = (api: FakeApi) =>
  api.calls.filter((c) => c.method !== 'GET').map(({ method, path, body }) => ({ method, path, body }));

export async function toast(text: string) {
  await waitFor(async () =>
    expect((await screen.findAllByTestId('toast')).map((t) => t.textContent).join(' | ')).toContain(text),
  );
}
