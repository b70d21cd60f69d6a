import { z } from 'zod';
import { command, type ReadPermission } from '../commands.ts';
import { dbId, idInput, requiredText, text, timestamps } from '../common.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';

/** Spec §3 "lang": the language an entry is shown in by the customer app. */
export const contentLangs = ['en', 'ar'] as const;
export type ContentLang = (typeof contentLangs)[number];
export const faqStatuses = ['ACTIVE', 'INACTIVE'] as const;

const faqFields = z.object({
  question: requiredText('questionRequired', 500),
  answer: requiredText('answerRequired', 5000),
  lang: z.enum(contentLangs, { error: 'fillAllFields' }),
  category: text(100).default('').describe('Groups entries in the customer app; empty = general'),
  status: z.enum(faqStatuses).default('ACTIVE'),
});

export const faqInput = faqFields;
export type FaqInput = z.input<typeof faqInput>;
export const faqUpdateInput = faqFields.extend(idInput.shape);

export const faqSchema = faqFields.extend({
  id: z.number().int(),
  position: z.number().int().describe('Order within its language: 1 is shown first'),
  ...timestamps,
});
export type Faq = z.infer<typeof faqSchema>;

export const faqSortFields = ['position', 'question', 'category', 'createdAt'] as const;
export const faqListQuery = listQuerySchema(faqSortFields, {
  lang: z.enum(contentLangs).optional(),
  status: z.enum(faqStatuses).optional(),
});
export type FaqListQuery = z.output<typeof faqListQuery>;
export const faqPage = pageSchema(faqSchema);

/**
 * Drag to reorder: the entry goes just before `beforeId`, or just after `afterId` (one of the
 * two, an entry of the same language), so a move on any page of the list is exact.
 */
export const faqMoveInput = z
  .object({ id: dbId, beforeId: dbId.nullable().default(null), afterId: dbId.nullable().default(null) })
  .refine((v) => (v.beforeId === null) !== (v.afterId === null), {
    error: 'Give exactly one of beforeId and afterId',
    path: ['beforeId'],
  })
  .refine((v) => v.id !== v.beforeId && v.id !== v.afterId, {
    error: 'An entry cannot move next to itself',
    path: ['id'],
  });
export type FaqMoveInput = z.input<typeof faqMoveInput>;

export const faqCommands = {
  create: command('faq.create', faqInput, 'Create an FAQ entry'),
  update: command('faq.update', faqUpdateInput, 'Update an FAQ entry'),
  delete: command('faq.delete', idInput, 'Delete an FAQ entry'),
  move: command('faq.move', faqMoveInput, 'Reorder the FAQ'),
};
export const faqRead: ReadPermission = { code: 'faq.read', summary: 'View the FAQ' };

export const faqResource = defineResource({
  name: 'faqs',
  area: 'content',
  tag: 'Content: FAQ',
  item: faqSchema,
  page: faqPage,
  query: faqListQuery,
  sortFields: faqSortFields,
  read: faqRead,
  commands: faqCommands,
  screens: {
    list: { path: 'application/questions', label: 'faq' },
    create: { path: 'application/create-question', label: 'createQuestion' },
    edit: { path: 'application/update-question/:id', label: 'editQuestion' },
  },
  menu: { group: 'applicationContent' },
});

/** `?lang=`: the customer app's FAQ in one language. */
export const publicFaqQuery = z.object({ lang: z.enum(contentLangs).default('en') });
export const publicFaq = faqSchema.pick({
  id: true,
  question: true,
  answer: true,
  category: true,
  position: true,
});
export const publicFaqList = z.object({ lang: z.enum(contentLangs), items: z.array(publicFaq) });
