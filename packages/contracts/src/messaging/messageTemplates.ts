import { z } from 'zod';
import { arabicText } from '../bilingual.ts';
import { command, type ReadPermission } from '../commands.ts';
import { idInput, requiredText, text, timestamps } from '../common.ts';
import { recordStatus } from '../identity/users.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';

/**
 * What a template may say about its recipient: `{{name}}` is replaced when the message is written,
 * in the customer's language. Anything else in double braces is refused when the template is saved.
 */
export const messagePlaceholders = {
  'customer.name': 'The customer’s full name',
  'customer.number': 'The customer number',
  'customer.balance': 'Points balance, grouped digits',
  'customer.tier': 'Current tier, or none',
  'points.expiring': 'Points that expire next',
  'points.expiringAt': 'The day they expire',
  'staff.name': 'The name of the staff member who writes',
} as const;
export type MessagePlaceholder = keyof typeof messagePlaceholders;
export const messagePlaceholderNames = Object.keys(messagePlaceholders) as [
  MessagePlaceholder,
  ...MessagePlaceholder[],
];
/** The placeholders' values for one customer, as a reply by the asking staff member would fill them. */
export const messagePlaceholderValues = z.record(z.enum(messagePlaceholderNames), z.string());

/** The `{{…}}` names a text uses. */
export const placeholdersIn = (body: string) =>
  [...body.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)].map((m) => m[1] ?? '');

/** A required text whose `{{placeholders}}` are all among `known` (messages, alerts). */
export const templateText = (max: number, known: Record<string, string>) =>
  requiredText('fillAllFields', max).refine(
    (body) => placeholdersIn(body).every((name) => Object.hasOwn(known, name)),
    { error: 'unknownPlaceholder' },
  );

/** A message text: required, and any `{{placeholder}}` in it one of the documented ones. */
export const messageText = (max: number) => templateText(max, messagePlaceholders);

/** Fills the placeholders of a text; an unknown one is left as written. */
export const fillPlaceholders = <K extends string>(body: string, values: Record<K, string>) =>
  body.replace(/\{\{\s*([^{}]*?)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name as K] : whole,
  );

/** Fills the placeholders of a text (the reply preview on screen and the server's send alike). */
export const renderMessage = (body: string, values: Record<MessagePlaceholder, string>) =>
  fillPlaceholders(body, values);

const templateBody = messageText(5000);

/** Spec §3: name, body, additional info, create time, last update; the body in both languages. */
export const messageTemplateFields = z.object({
  name: requiredText('fillAllFields', 100),
  nameAr: arabicText(100),
  bodyEn: templateBody,
  bodyAr: templateBody,
  additionalInfo: text(1000).default(''),
  status: recordStatus,
});
export type MessageTemplateInput = z.input<typeof messageTemplateFields>;
export const messageTemplateUpdateInput = messageTemplateFields.extend(idInput.shape);

export const messageTemplateSchema = messageTemplateFields.extend({ id: z.number().int(), ...timestamps });
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;

export const messageTemplateSortFields = ['name', 'createdAt', 'updatedAt'] as const;
export const messageTemplateListQuery = listQuerySchema(messageTemplateSortFields, {
  status: recordStatus.optional(),
});
export type MessageTemplateListQuery = z.output<typeof messageTemplateListQuery>;
export const messageTemplatePage = pageSchema(messageTemplateSchema);

export const messageTemplateCommands = {
  create: command('messageTemplate.create', messageTemplateFields, 'Create a message template'),
  update: command('messageTemplate.update', messageTemplateUpdateInput, 'Update a message template'),
  delete: command('messageTemplate.delete', idInput, 'Delete a message template'),
};
export const messageTemplateRead: ReadPermission = {
  code: 'messageTemplate.read',
  summary: 'View message templates',
};

export const messageTemplateResource = defineResource({
  name: 'message-templates',
  area: 'messaging',
  tag: 'Messaging: templates',
  item: messageTemplateSchema,
  page: messageTemplatePage,
  query: messageTemplateListQuery,
  sortFields: messageTemplateSortFields,
  read: messageTemplateRead,
  commands: messageTemplateCommands,
  screens: {
    list: { path: 'template', label: 'templates' },
    create: { path: 'create-template', label: 'createTemplate' },
    edit: { path: 'edit-template/:id', label: 'editTemplate' },
  },
  menu: { group: 'messaging' },
});
