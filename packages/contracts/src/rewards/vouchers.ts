import { z } from 'zod';
import { arabicText, missingTranslationFilter } from '../bilingual.ts';
import { command, type ReadPermission } from '../commands.ts';
import { INT32_MAX, idInput, idSchema, queryBoolean, requiredText, timestamps } from '../common.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';
import { imageIdField } from './images.ts';

export const voucherStatuses = ['ACTIVE', 'INACTIVE'] as const;
export type VoucherStatus = (typeof voucherStatuses)[number];

const isBlank = (v: unknown) => v === undefined || v === null || v === '';
const required = 'allFieldsRequired';
/** Spec: a missing field says 'All Fields Required'; points that are not a whole number 'Points Must be Number'. */
const pointsError = (issue: { input?: unknown }) => (isBlank(issue.input) ? required : 'pointsMustBeNumber');

const wholeNumber = (max: number) => z.number({ error: required }).int().min(0).max(max);
/** An inclusive day, or none (open-ended); an emptied date input ('') counts as none. */
const optionalDate = z
  .union([z.iso.date(), z.null(), z.literal('').transform(() => null)])
  .default(null)
  .describe('YYYY-MM-DD, inclusive; empty = open');

const voucherFields = z.object({
  name: requiredText(required, 100),
  nameAr: arabicText(100),
  description: requiredText(required, 1000),
  descriptionAr: arabicText(1000),
  imageId: imageIdField(required),
  storeId: z.number({ error: required }).int().positive().max(INT32_MAX),
  /** The stock: how many codes may be issued in all. */
  amount: wholeNumber(10_000_000).describe('Stock: how many codes can be issued in all'),
  pointsRequired: z
    .number({ error: pointsError })
    .int({ error: 'pointsMustBeNumber' })
    .min(1)
    .max(1_000_000_000),
  money: z
    .number({ error: required })
    .min(0)
    .max(1_000_000_000)
    .multipleOf(0.01)
    .describe('Monetary value of the voucher'),
  validFrom: optionalDate,
  validUntil: optionalDate,
  perCustomerLimit: z
    .number()
    .int()
    .min(1)
    .max(10_000)
    .nullable()
    .default(null)
    .describe('Most codes one customer may hold at once (cancelled ones do not count); empty = no limit'),
  status: z.enum(voucherStatuses).default('ACTIVE'),
});

const validityInOrder = (v: { validFrom: string | null; validUntil: string | null }) =>
  !v.validFrom || !v.validUntil || v.validFrom <= v.validUntil;
const validityIssue = { error: 'validUntilBeforeValidFrom', path: ['validUntil'] };

export const voucherInput = voucherFields.refine(validityInOrder, validityIssue);
export type VoucherInput = z.input<typeof voucherInput>;
export const voucherUpdateInput = voucherFields.extend(idInput.shape).refine(validityInOrder, validityIssue);

export const voucherSchema = voucherFields.extend({
  id: z.number().int(),
  storeName: z.string(),
  storeNameAr: z.string(),
  issued: z.number().int().describe('Codes issued and not cancelled'),
  remaining: z.number().int().describe('Codes still available: amount − issued'),
  ...timestamps,
});
export type Voucher = z.infer<typeof voucherSchema>;

export const voucherSortFields = [
  'name',
  'pointsRequired',
  'amount',
  'money',
  'validUntil',
  'createdAt',
] as const;
export const voucherListQuery = listQuerySchema(voucherSortFields, {
  storeId: idSchema.optional(),
  missingTranslation: missingTranslationFilter,
  status: z.enum(voucherStatuses).optional(),
  available: queryBoolean.optional().describe('true: only vouchers a customer can redeem today'),
});
export type VoucherListQuery = z.output<typeof voucherListQuery>;
export const voucherPage = pageSchema(voucherSchema);

export const voucherCommands = {
  create: command('voucher.create', voucherInput, 'Create a voucher'),
  update: command('voucher.update', voucherUpdateInput, 'Update a voucher'),
  delete: command('voucher.delete', idInput, 'Delete a voucher'),
};
export const voucherRead: ReadPermission = { code: 'voucher.read', summary: 'View vouchers' };

export const voucherResource = defineResource({
  name: 'vouchers',
  area: 'rewards',
  tag: 'Rewards: vouchers',
  item: voucherSchema,
  page: voucherPage,
  query: voucherListQuery,
  sortFields: voucherSortFields,
  read: voucherRead,
  commands: voucherCommands,
  screens: {
    list: { path: 'rewards/vocher', label: 'vouchers' },
    create: { path: 'rewards/create-Vocher', label: 'createVoucher' },
    edit: { path: 'rewards/edit-vocher/:id', label: 'editVoucher' },
  },
  menu: { group: 'rewards' },
});
