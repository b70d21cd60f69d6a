import { z } from 'zod';
import { command, type ReadPermission } from '../commands.ts';
import { dbId, idInput, idSchema, requiredText, timestamps } from '../common.ts';
import { customerNumberSchema } from '../customers/customers.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';
import { contentLangs } from './faqs.ts';

/** The customer app's two legal texts. */
export const legalKinds = ['PRIVACY', 'TERMS'] as const;
export type LegalKind = (typeof legalKinds)[number];
/** A version is written as a DRAFT, then PUBLISHED (one per kind at a time); the one it replaces is RETIRED. */
export const legalStatuses = ['DRAFT', 'PUBLISHED', 'RETIRED'] as const;
export type LegalStatus = (typeof legalStatuses)[number];

/** The most HTML one language of a version may hold (a long policy is about 60 000 characters). */
export const MAX_LEGAL_HTML = 200_000;

const required = 'fillAllFields';
/** Rich text (HTML from the editor); the server keeps only the allowed tags, never a script. */
const richText = requiredText(required, MAX_LEGAL_HTML);

const legalFields = z.object({
  kind: z.enum(legalKinds, { error: required }),
  titleEn: requiredText(required, 200),
  titleAr: requiredText(required, 200),
  bodyEn: richText.describe(
    'HTML; sanitised on the server (no script, no styles, http(s)/mailto links only)',
  ),
  bodyAr: richText.describe('HTML; sanitised on the server'),
  effectiveDate: z.iso.date({ error: required }).describe('YYYY-MM-DD: when the version takes effect'),
});

export const legalDocumentInput = legalFields;
export type LegalDocumentInput = z.input<typeof legalDocumentInput>;
/** Only a draft is edited; its kind stays. */
export const legalDocumentUpdateInput = legalFields.omit({ kind: true }).extend(idInput.shape);
export type LegalDocumentUpdateInput = z.input<typeof legalDocumentUpdateInput>;

export const legalDocumentSchema = legalFields.extend({
  id: z.number().int(),
  version: z.number().int().describe('1, 2, 3… within its kind'),
  status: z.enum(legalStatuses),
  publishedAt: z.string().nullable(),
  publishedBy: z.string().nullable(),
  acceptances: z.number().int().describe('Customers who accepted this version'),
  ...timestamps,
});
export type LegalDocument = z.infer<typeof legalDocumentSchema>;

export const legalDocumentSortFields = ['version', 'effectiveDate', 'createdAt'] as const;
export const legalDocumentListQuery = listQuerySchema(legalDocumentSortFields, {
  kind: z.enum(legalKinds).optional(),
  status: z.enum(legalStatuses).optional(),
});
export type LegalDocumentListQuery = z.output<typeof legalDocumentListQuery>;
export const legalDocumentPage = pageSchema(legalDocumentSchema);

export const legalDocumentCommands = {
  create: command(
    'legalDocument.create',
    legalDocumentInput,
    'Write a draft of the privacy policy or the terms',
  ),
  update: command('legalDocument.update', legalDocumentUpdateInput, 'Edit a draft legal document'),
  delete: command('legalDocument.delete', idInput, 'Delete a draft legal document'),
  publish: command('legalDocument.publish', idInput, 'Publish a legal document version'),
};
export const legalDocumentRead: ReadPermission = {
  code: 'legalDocument.read',
  summary: 'View the privacy policy and the terms and their versions',
};

/**
 * The versions of the privacy policy and the terms. Its screens are two (privacy, terms: spec
 * §2 gives each a list and a create path), so they are written out in the web's route table.
 */
export const legalDocumentResource = defineResource({
  name: 'legal-documents',
  area: 'content',
  tag: 'Content: legal documents',
  item: legalDocumentSchema,
  page: legalDocumentPage,
  query: legalDocumentListQuery,
  sortFields: legalDocumentSortFields,
  read: legalDocumentRead,
  commands: legalDocumentCommands,
});

/** One word-level change between two versions' texts. */
export const textChange = z.object({
  value: z.string(),
  added: z.boolean(),
  removed: z.boolean(),
});
export const legalDiffQuery = z.object({
  against: idSchema.describe('The other version (usually the published one)'),
});
export const legalDiff = z.object({
  from: z.object({ id: z.number().int(), version: z.number().int() }),
  to: z.object({ id: z.number().int(), version: z.number().int() }),
  en: z.array(textChange),
  ar: z.array(textChange),
});
export type LegalDiff = z.infer<typeof legalDiff>;

/** `GET /content/privacy?lang=`: the published version in one language. */
export const publicLegalQuery = z.object({ lang: z.enum(contentLangs).default('en') });
export const publicLegalDocument = z.object({
  id: z.number().int().describe('Send it back with the consent'),
  kind: z.enum(legalKinds),
  version: z.number().int(),
  lang: z.enum(contentLangs),
  title: z.string(),
  html: z.string().describe('Sanitised HTML'),
  effectiveDate: z.string(),
  publishedAt: z.string(),
});

/** A customer accepted a version (the customer app records it when they tap "I agree"). */
export const consentInput = z.object({ documentId: dbId });
export const consentResult = z.object({
  customerNumber: z.string(),
  documentId: z.number().int(),
  kind: z.enum(legalKinds),
  version: z.number().int(),
  acceptedAt: z.string(),
  replayed: z.boolean().describe('true when this customer had accepted this version before'),
});
export const consentCommands = {
  record: command(
    'content.consent.record',
    consentInput.extend({ customerNumber: customerNumberSchema }),
    'Record that a customer accepted a legal document version',
  ),
};
