import { z } from 'zod';
import { arabicText, missingTranslationFilter } from '../bilingual.ts';
import { command, type ReadPermission } from '../commands.ts';
import { idInput, requiredText, timestamps } from '../common.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';

/** What a transaction type does to the points: earning types are the ones rules apply to. */
export const transactionKinds = ['EARN', 'REDEEM', 'ADJUST', 'REVERSAL'] as const;
export type TransactionKind = (typeof transactionKinds)[number];

export const transactionTypeCode = z
  .string({ error: 'fillAllFields' })
  .trim()
  .min(1, { error: 'fillAllFields' })
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'transactionCodeFormat' })
  .toUpperCase()
  .describe('Unique code channels post (letters, digits, _ and -; kept upper-case)');

export const transactionTypeInput = z.object({
  name: requiredText('fillAllFields', 100),
  nameAr: arabicText(100),
  description: requiredText('fillAllFields', 500),
  descriptionAr: arabicText(500),
  type: z.enum(transactionKinds, { error: 'fillAllFields' }),
  code: transactionTypeCode,
});
export type TransactionTypeInput = z.input<typeof transactionTypeInput>;
export const transactionTypeUpdateInput = transactionTypeInput.extend(idInput.shape);

export const transactionTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameAr: z.string(),
  description: z.string(),
  descriptionAr: z.string(),
  type: z.enum(transactionKinds),
  code: z.string(),
  ...timestamps,
});
export type TransactionType = z.infer<typeof transactionTypeSchema>;

export const transactionTypeSortFields = ['name', 'code', 'type', 'createdAt'] as const;
export const transactionTypeListQuery = listQuerySchema(transactionTypeSortFields, {
  type: z.enum(transactionKinds).optional(),
  missingTranslation: missingTranslationFilter,
});
export type TransactionTypeListQuery = z.output<typeof transactionTypeListQuery>;
export const transactionTypePage = pageSchema(transactionTypeSchema);

export const transactionTypeCommands = {
  create: command('transactionType.create', transactionTypeInput, 'Create a transaction type'),
  update: command('transactionType.update', transactionTypeUpdateInput, 'Update a transaction type'),
  delete: command('transactionType.delete', idInput, 'Delete a transaction type'),
};
export const transactionTypeRead: ReadPermission = {
  code: 'transactionType.read',
  summary: 'View transaction types',
};

export const transactionTypeResource = defineResource({
  name: 'transaction-types',
  area: 'loyalty',
  tag: 'Loyalty: transaction types',
  item: transactionTypeSchema,
  page: transactionTypePage,
  query: transactionTypeListQuery,
  sortFields: transactionTypeSortFields,
  read: transactionTypeRead,
  commands: transactionTypeCommands,
  screens: {
    list: { path: 'loyalty/transaction', label: 'transactionTypes' },
    create: { path: 'loyalty/transaction-create', label: 'createTransactionType' },
    edit: { path: 'transaction-edit/:id', label: 'editTransactionType' },
  },
  menu: { group: 'loyalty' },
});
