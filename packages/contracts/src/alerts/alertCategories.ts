import { z } from 'zod';
import { arabicText } from '../bilingual.ts';
import { command, type ReadPermission } from '../commands.ts';
import { idInput, requiredText, text, timestamps } from '../common.ts';
import { recordStatus } from '../identity/users.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';

/** The top of the alerts tree (Points, Rewards, Security, Service): categories hold groups, groups hold alerts. */
export const alertCategoryFields = z.object({
  nameEn: requiredText('fillAllFields', 100),
  nameAr: requiredText('fillAllFields', 100),
  description: text(500).default(''),
  descriptionAr: arabicText(500),
  status: recordStatus,
});
export type AlertCategoryInput = z.input<typeof alertCategoryFields>;
export const alertCategoryUpdateInput = alertCategoryFields.extend(idInput.shape);

export const alertCategorySchema = alertCategoryFields.extend({
  id: z.number().int(),
  groupCount: z.number().int(),
  alertCount: z.number().int(),
  ...timestamps,
});
export type AlertCategory = z.infer<typeof alertCategorySchema>;

export const alertCategorySortFields = ['nameEn', 'createdAt'] as const;
export const alertCategoryListQuery = listQuerySchema(alertCategorySortFields, {
  status: recordStatus.optional(),
});
export type AlertCategoryListQuery = z.output<typeof alertCategoryListQuery>;
export const alertCategoryPage = pageSchema(alertCategorySchema);

export const alertCategoryCommands = {
  create: command('alertCategory.create', alertCategoryFields, 'Create an alert category'),
  update: command('alertCategory.update', alertCategoryUpdateInput, 'Update an alert category'),
  delete: command('alertCategory.delete', idInput, 'Delete an alert category that has no groups'),
};
export const alertCategoryRead: ReadPermission = {
  code: 'alertCategory.read',
  summary: 'View alert categories',
};

export const alertCategoryResource = defineResource({
  name: 'alert-categories',
  area: 'alerts',
  tag: 'Alerts: categories',
  item: alertCategorySchema,
  page: alertCategoryPage,
  query: alertCategoryListQuery,
  sortFields: alertCategorySortFields,
  read: alertCategoryRead,
  commands: alertCategoryCommands,
  // Spec §2; a category's own screen (`Alerts/{id}`) lists its groups.
  screens: {
    list: { path: 'Alerts', label: 'alerts' },
    create: { path: 'Alerts/AddAlertCategory', label: 'addAlertCategory' },
    edit: { path: 'Alerts/EditAlertCategory/:id', label: 'editAlertCategory' },
    view: { path: 'Alerts/:id', label: 'alertCategory' },
  },
  menu: { group: 'alerts' },
});
