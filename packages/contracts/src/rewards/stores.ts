import { z } from 'zod';
import { arabicText, missingTranslationFilter } from '../bilingual.ts';
import { command, type ReadPermission } from '../commands.ts';
import { INT32_MAX, idInput, idSchema, requiredText, timestamps } from '../common.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';
import { imageIdField } from './images.ts';

/** A partner store whose vouchers the catalogue offers. */
export const storeInput = z.object({
  name: requiredText('fillAllFields', 100),
  nameAr: arabicText(100),
  imageId: imageIdField('fillAllFields'),
  categoryId: z.number({ error: 'fillAllFields' }).int().positive().max(INT32_MAX),
});
export type StoreInput = z.infer<typeof storeInput>;
export const storeUpdateInput = storeInput.extend(idInput.shape);

export const storeSchema = storeInput.extend({
  id: z.number().int(),
  categoryName: z.string(),
  categoryNameAr: z.string(),
  ...timestamps,
});
export type Store = z.infer<typeof storeSchema>;

export const storeSortFields = ['name', 'createdAt'] as const;
export const storeListQuery = listQuerySchema(storeSortFields, {
  categoryId: idSchema.optional(),
  missingTranslation: missingTranslationFilter,
});
export type StoreListQuery = z.output<typeof storeListQuery>;
export const storePage = pageSchema(storeSchema);

export const storeCommands = {
  create: command('store.create', storeInput, 'Create a partner store'),
  update: command('store.update', storeUpdateInput, 'Update a partner store'),
  delete: command('store.delete', idInput, 'Delete a partner store'),
};
export const storeRead: ReadPermission = { code: 'store.read', summary: 'View partner stores' };

export const storeResource = defineResource({
  name: 'stores',
  area: 'rewards',
  tag: 'Rewards: stores',
  item: storeSchema,
  page: storePage,
  query: storeListQuery,
  sortFields: storeSortFields,
  read: storeRead,
  commands: storeCommands,
  screens: {
    list: { path: 'rewards/stores', label: 'stores' },
    create: { path: 'rewards/create-store', label: 'createStore' },
    edit: { path: 'rewards/edit-stores/:id', label: 'editStore' },
  },
  menu: { group: 'rewards' },
});
