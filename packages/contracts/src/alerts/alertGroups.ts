import { z } from 'zod';
import { arabicText } from '../bilingual.ts';
import { command, type ReadPermission } from '../commands.ts';
import { dbId, idInput, idSchema, requiredText, text, timestamps } from '../common.ts';
import { recordStatus } from '../identity/users.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';

/** A group of alerts within a category (e.g. Points → "Earning and redeeming"). */
export const alertGroupFields = z.object({
  categoryId: dbId,
  nameEn: requiredText('fillAllFields', 100),
  nameAr: requiredText('fillAllFields', 100),
  description: text(500).default(''),
  descriptionAr: arabicText(500),
  status: recordStatus,
});
export type AlertGroupInput = z.input<typeof alertGroupFields>;
export const alertGroupUpdateInput = alertGroupFields.extend(idInput.shape);

export const alertGroupSchema = alertGroupFields.extend({
  id: z.number().int(),
  categoryNameEn: z.string(),
  categoryNameAr: z.string(),
  alertCount: z.number().int(),
  ...timestamps,
});
export type AlertGroup = z.infer<typeof alertGroupSchema>;

export const alertGroupSortFields = ['nameEn', 'createdAt'] as const;
export const alertGroupListQuery = listQuerySchema(alertGroupSortFields, {
  categoryId: idSchema.optional(),
  status: recordStatus.optional(),
});
export type AlertGroupListQuery = z.output<typeof alertGroupListQuery>;
export const alertGroupPage = pageSchema(alertGroupSchema);

export const alertGroupCommands = {
  create: command('alertGroup.create', alertGroupFields, 'Create an alert group in a category'),
  update: command('alertGroup.update', alertGroupUpdateInput, 'Update an alert group'),
  delete: command('alertGroup.delete', idInput, 'Delete an alert group that has no alerts'),
};
export const alertGroupRead: ReadPermission = { code: 'alertGroup.read', summary: 'View alert groups' };

export const alertGroupResource = defineResource({
  name: 'alert-groups',
  area: 'alerts',
  tag: 'Alerts: groups',
  item: alertGroupSchema,
  page: alertGroupPage,
  query: alertGroupListQuery,
  sortFields: alertGroupSortFields,
  read: alertGroupRead,
  commands: alertGroupCommands,
});
