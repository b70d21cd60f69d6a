import {
  type Assignee,
  type Message,
  type MessageCategory,
  type MessageDetail,
  type MessagePlaceholder,
  type MessageTemplate,
  messageCategoryResource,
  messageResource,
  messageTemplateResource,
  type Page,
} from '@loyalty/contracts';
import { get, type Query, write } from '../../api/client.ts';
import { resourceEndpoint } from '../../api/resource.ts';
import { listChoices } from '../../components/resource.ts';

const messages = resourceEndpoint(messageResource);

/** Whom a conversation goes to ("assign by"): a person, or the least-loaded member of a role. */
export type AssignTo = { userId: number } | { roleId: number };

/** The queue, one conversation, and what staff do with it (`/api/admin/messages`). */
export const messagingApi = {
  list: (query: Query, signal?: AbortSignal) => get<Page<Message>>(messages, query, signal),
  get: (id: number, signal?: AbortSignal) => get<MessageDetail>(`${messages}/${id}`, undefined, signal),
  /** What the placeholders of a reply by the signed-in user become (the live preview). */
  placeholders: (id: number, signal?: AbortSignal) =>
    get<Record<MessagePlaceholder, string>>(`${messages}/${id}/placeholders`, undefined, signal),
  assign: (id: number, to: AssignTo) => write<MessageDetail>('POST', `${messages}/${id}/assign`, to),
  categorize: (id: number, categoryId: number | null) =>
    write<MessageDetail>('POST', `${messages}/${id}/category`, { categoryId }),
  note: (id: number, body: string) => write<MessageDetail>('POST', `${messages}/${id}/notes`, { body }),
  reply: (id: number, reply: { body: string; templateId: number | null; close: boolean }) =>
    write<MessageDetail>('POST', `${messages}/${id}/replies`, reply),
  close: (id: number) => write<MessageDetail>('POST', `${messages}/${id}/close`),
  reopen: (id: number) => write<MessageDetail>('POST', `${messages}/${id}/reopen`),
  template: (id: number, signal?: AbortSignal) =>
    get<MessageTemplate>(`${resourceEndpoint(messageTemplateResource)}/${id}`, undefined, signal),
};

/** A category's name in the screen's language. */
export const categoryName = (
  c: { categoryNameEn?: string | null; categoryNameAr?: string | null; nameEn?: string; nameAr?: string },
  lang: string,
) => (lang === 'ar' ? (c.categoryNameAr ?? c.nameAr) : (c.categoryNameEn ?? c.nameEn)) ?? null;

const categoriesIn = (lang: 'en' | 'ar') =>
  listChoices<MessageCategory>({
    key: `message-categories-${lang}`,
    path: resourceEndpoint(messageCategoryResource),
    query: { sort: 'nameEn:asc', status: 'ACTIVE' },
    label: (c) => categoryName(c, lang) ?? '',
  });
const categoriesByLang = { en: categoriesIn('en'), ar: categoriesIn('ar') };

/** Active message categories, named in the screen's language. */
export const categoryChoices = (lang: 'en' | 'ar') => categoriesByLang[lang];

/** Staff members who can take a message, by name (assignees.service.ts on the server). */
export const staffChoices = listChoices<Assignee>({
  key: 'message-assignees',
  path: '/api/admin/messages/assignees',
  label: (a) => `${a.name} (${a.detail})`,
});

/** Roles whose members can take a message ("assign by" a role; a category's default assignee role). */
export const roleChoices = listChoices<Assignee>({
  key: 'message-assignee-roles',
  path: '/api/admin/messages/assignee-roles',
  label: (r) => r.name,
});

/** Active templates, by name. */
export const templateChoices = listChoices<MessageTemplate>({
  key: 'message-templates',
  path: resourceEndpoint(messageTemplateResource),
  query: { sort: 'name:asc', status: 'ACTIVE' },
  label: (t) => t.name,
});
