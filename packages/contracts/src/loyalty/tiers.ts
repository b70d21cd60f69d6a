import { z } from 'zod';
import { arabicText, missingTranslationFilter } from '../bilingual.ts';
import { command, type ReadPermission } from '../commands.ts';
import { idInput, requiredPoints, requiredText, timestamps } from '../common.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';

/** Fields a staff member fills in; one schema for the form and the server. */
export const tierFields = z.object({
  name: requiredText('fillAllFields', 100),
  nameAr: arabicText(100),
  description: requiredText('fillAllFields', 500),
  descriptionAr: arabicText(500),
  minPoints: requiredPoints('fillAllFields'),
  maxPoints: requiredPoints('fillAllFields'),
});

const minBelowMax = (t: { minPoints: number; maxPoints: number }) => t.minPoints < t.maxPoints;
const minBelowMaxIssue = { error: 'minLessThanMax', path: ['maxPoints'] };

export const tierInput = tierFields.refine(minBelowMax, minBelowMaxIssue);
export type TierInput = z.infer<typeof tierInput>;

export const tierUpdateInput = tierFields.extend(idInput.shape).refine(minBelowMax, minBelowMaxIssue);

export const tierSchema = tierFields.extend({
  id: z.number().int(),
  ...timestamps,
});
export type Tier = z.infer<typeof tierSchema>;

export const tierSortFields = ['name', 'minPoints', 'maxPoints', 'createdAt'] as const;
export const tierListQuery = listQuerySchema(tierSortFields, {
  missingTranslation: missingTranslationFilter,
});
export type TierListQuery = z.output<typeof tierListQuery>;
export const tierPage = pageSchema(tierSchema);

export const tierCommands = {
  create: command('tier.create', tierInput, 'Create a loyalty tier'),
  update: command('tier.update', tierUpdateInput, 'Update a loyalty tier'),
  delete: command('tier.delete', idInput, 'Delete a loyalty tier'),
};
export const tierRead: ReadPermission = { code: 'tier.read', summary: 'View loyalty tiers' };

export const tierResource = defineResource({
  name: 'tiers',
  area: 'loyalty',
  tag: 'Loyalty: tiers',
  item: tierSchema,
  page: tierPage,
  query: tierListQuery,
  sortFields: tierSortFields,
  read: tierRead,
  commands: tierCommands,
  screens: {
    list: { path: 'loyalty/tire', label: 'tiers' },
    create: { path: 'create-tire', label: 'createTier' },
    edit: { path: 'edit-tire/:id', label: 'editTier' },
  },
  menu: { group: 'loyalty' },
});
