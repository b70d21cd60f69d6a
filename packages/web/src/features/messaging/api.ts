import {
  type Assignee,
  type MessageCategory,
  type MessageDetail,
  type MessagePage,
  type MessagePlaceholder,
  type MessageTemplate,
  messageCategoryResource,
  messageTemplateResource,
} from '@loyalty/contracts';
import type { Query } from '../../api/client.ts';
import { resourceEndpoint } from '../../api/resource.ts';
import { apiGet, apiWrite } from '../../api/typed.ts';
import { localName, localText } from '../../components/localized.tsx';
import { listChoices } from '../../components/resource.ts';

/** Whom a conversation goes to ("assign by"): a person, or the least-loaded member of a role. */
export type AssignTo = { userId: number } | { roleId: number };

/** The queue, one conversation, and what staff do with it (`/api/admin/messages`). */
export const messagingApi = {
  list: (query: Query, signal?: AbortSignal): Promise<MessagePage> =>
    apiGet('/api/admin/messages', { query, signal }),
  get: (id: number, signal?: AbortSignal): Promise<MessageDetail> =>
    apiGet('/api/admin/messages/{id}', { path: { id }, signal }),
  /** What the placeholders of a reply by the signed-in user become (the live preview). */
  placeholders: (id: number, signal?: AbortSignal) =>
    // The document types the map as any string key; the server answers every placeholder.
    apiGet('/api/admin/messages/{id}/placeholders', { path: { id }, signal }) as Promise<
      Record<MessagePlaceholder, string>
    >,
  assign: (id: number, to: AssignTo) =>
    apiWrite('post', '/api/admin/messages/{id}/assign', { path: { id }, body: to }),
  categorize: (id: number, categoryId: number | null) =>
    apiWrite('post', '/api/admin/messages/{id}/category', { path: { id }, body: { categoryId } }),
  note: (id: number, body: string) =>
    apiWrite('post', '/api/admin/messages/{id}/notes', { path: { id }, body: { body } }),
  reply: (id: number, reply: { body: string; templateId: number | null; close: boolean }) =>
    apiWrite('post', '/api/admin/messages/{id}/replies', { path: { id }, body: reply }),
  close: (id: number) => apiWrite('post', '/api/admin/messages/{id}/close', { path: { id } }),
  reopen: (id: number) => apiWrite('post', '/api/admin/messages/{id}/reopen', { path: { id } }),
  template: (id: number, signal?: AbortSignal): Promise<MessageTemplate> =>
    apiGet('/api/admin/message-templates/{id}', { path: { id }, signal }),
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
  label: (a, lang) => `${localText(a.name, a.nameAr, lang)} (${a.detail})`,
});

/** Roles whose members can take a message ("assign by" a role; a category's default assignee role). */
export const roleChoices = listChoices<Assignee>({
  key: 'message-assignee-roles',
  path: '/api/admin/messages/assignee-roles',
  label: (r, lang) => localText(r.name, r.nameAr, lang),
});

/** Active templates, by name. */
export const templateChoices = listChoices<MessageTemplate>({
  key: 'message-templates',
  path: resourceEndpoint(messageTemplateResource),
  query: { sort: 'name:asc', status: 'ACTIVE' },
  label: (t, lang) => localName(t, lang),
});
