import { z } from 'zod';
import { arabicText } from '../bilingual.ts';
import { command, type ReadPermission } from '../commands.ts';
import { dbId, idInput, requiredText, text, timestamps } from '../common.ts';
import { recordStatus } from '../identity/users.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';

/** What customers write about; each category has a response target that marks messages overdue. */
export const messageCategoryFields = z.object({
  nameEn: requiredText('fillAllFields', 100),
  nameAr: requiredText('fillAllFields', 100),
  description: text(500).default(''),
  descriptionAr: arabicText(500),
  responseTargetHours: z
    .number({ error: 'fillAllFields' })
    .int()
    .min(1)
    .max(720)
    .describe('A message not replied within this many hours is overdue'),
  defaultAssigneeRoleId: dbId
    .nullable()
    .default(null)
    .describe('New messages are assigned round-robin among the users of this role; null = unassigned'),
  status: recordStatus,
});
export type MessageCategoryInput = z.input<typeof messageCategoryFields>;
export const messageCategoryUpdateInput = messageCategoryFields.extend(idInput.shape);

export const messageCategorySchema = messageCategoryFields.extend({
  id: z.number().int(),
  defaultAssigneeRoleName: z.string().nullable(),
  defaultAssigneeRoleNameAr: z.string().nullable(),
  ...timestamps,
});
export type MessageCategory = z.infer<typeof messageCategorySchema>;

export const messageCategorySortFields = ['nameEn', 'responseTargetHours', 'createdAt'] as const;
export const messageCategoryListQuery = listQuerySchema(messageCategorySortFields, {
  status: recordStatus.optional(),
});
export type MessageCategoryListQuery = z.output<typeof messageCategoryListQuery>;
export const messageCategoryPage = pageSchema(messageCategorySchema);

export const messageCategoryCommands = {
  create: command('messageCategory.create', messageCategoryFields, 'Create a message category'),
  update: command('messageCategory.update', messageCategoryUpdateInput, 'Update a message category'),
  delete: command('messageCategory.delete', idInput, 'Delete a message category'),
};
export const messageCategoryRead: ReadPermission = {
  code: 'messageCategory.read',
  summary: 'View message categories',
};

export const messageCategoryResource = defineResource({
  name: 'message-categories',
  area: 'messaging',
  tag: 'Messaging: categories',
  item: messageCategorySchema,
  page: messageCategoryPage,
  query: messageCategoryListQuery,
  sortFields: messageCategorySortFields,
  read: messageCategoryRead,
  commands: messageCategoryCommands,
});
