import {
  type ContentLang,
  consentCommands,
  type LegalDocument,
  type LegalDocumentListQuery,
  type LegalKind,
  legalDocumentCommands,
  type legalDocumentResource,
} from '@loyalty/contracts';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { readAll } from '../../db/client.ts';
import { legalConsents, legalDocuments } from '../../db/schema/index.ts';
import { defineHandler } from '../../platform/commands.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { isoDates, listPage, type ResourceListSpec } from '../../platform/lists.ts';
import { findOrFail } from '../../platform/records.ts';
import { findCustomerByNumber } from '../customers/index.ts';
import { sanitizeLegalHtml, textChanges } from './legalText.ts';

type LegalRow = typeof legalDocuments.$inferSelect;
const toDocument = (row: LegalRow, acceptances: number): LegalDocument => ({
  ...isoDates(row),
  publishedAt: row.publishedAt?.toISOString() ?? null,
  acceptances,
});

const listSpec: ResourceListSpec<typeof legalDocuments, typeof legalDocumentResource> = {
  table: legalDocuments,
  sortable: {
    version: legalDocuments.version,
    effectiveDate: legalDocuments.effectiveDate,
    createdAt: legalDocuments.createdAt,
  },
  defaultSort: { field: 'version', direction: 'desc' },
  tieBreaker: legalDocuments.id,
  search: [legalDocuments.titleEn, legalDocuments.titleAr],
  filters: {
    kind: (kind) => eq(legalDocuments.kind, kind),
    status: (status) => eq(legalDocuments.status, status),
  },
};

/** How many customers accepted each of these versions. */
async function acceptancesOf(db: Executor, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: legalConsents.documentId, n: count() })
    .from(legalConsents)
    .where(inArray(legalConsents.documentId, ids))
    .groupBy(legalConsents.documentId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

export async function listLegalDocuments(db: Executor, query: LegalDocumentListQuery) {
  const page = await listPage(db, listSpec, query, (row) => row);
  const accepted = await acceptancesOf(
    db,
    page.items.map((d) => d.id),
  );
  return { ...page, items: page.items.map((d) => toDocument(d, accepted.get(d.id) ?? 0)) };
}

const findDocument = (db: Executor, id: number, forUpdate = false) =>
  findOrFail(db, legalDocuments, legalDocuments.id, id, 'Legal document', forUpdate);

async function withAcceptances(db: Executor, row: LegalRow) {
  return toDocument(row, (await acceptancesOf(db, [row.id])).get(row.id) ?? 0);
}

export const getLegalDocument = async (db: Executor, id: number) =>
  withAcceptances(db, await findDocument(db, id));

/** The word-level changes from `against` to `id`, in both languages. */
export async function legalDiff(db: Executor, id: number, against: number) {
  const [to, from] = await readAll(db, [() => findDocument(db, id), () => findDocument(db, against)]);
  if (to.kind !== from.kind) {
    throw new AppError('VALIDATION_FAILED', 'Compare versions of the same document', [
      { path: 'against', message: 'Not a version of the same document' },
    ]);
  }
  return {
    from: { id: from.id, version: from.version },
    to: { id: to.id, version: to.version },
    en: textChanges(from.bodyEn, to.bodyEn),
    ar: textChanges(from.bodyAr, to.bodyAr),
  };
}

/** The published version of a kind in one language, or 404 when none is published yet. */
export async function publishedLegal(db: Executor, kind: LegalKind, lang: ContentLang) {
  const [row] = await db
    .select()
    .from(legalDocuments)
    .where(and(eq(legalDocuments.kind, kind), eq(legalDocuments.status, 'PUBLISHED')));
  if (!row) throw notFound(kind === 'PRIVACY' ? 'A published privacy policy' : 'Published terms');
  return {
    id: row.id,
    kind: row.kind,
    version: row.version,
    lang,
    title: lang === 'ar' ? row.titleAr : row.titleEn,
    html: lang === 'ar' ? row.bodyAr : row.bodyEn,
    effectiveDate: row.effectiveDate,
    publishedAt: (row.publishedAt as Date).toISOString(),
  };
}

const sanitized = <T extends { bodyEn: string; bodyAr: string }>(input: T): T => ({
  ...input,
  bodyEn: sanitizeLegalHtml(input.bodyEn),
  bodyAr: sanitizeLegalHtml(input.bodyAr),
});

/** Only drafts change; a published or retired version is the record of what customers accepted. */
function assertDraft(row: LegalRow) {
  if (row.status !== 'DRAFT')
    throw new AppError('CONFLICT', `Version ${row.version} is ${row.status}, not a draft`);
}

export const legalDocumentHandlers = [
  defineHandler(
    legalDocumentCommands.create,
    async ({ tx }, input) => {
      // Versions are numbered per kind; the lock makes two concurrent drafts take 1 and 2.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext('legal_documents'), hashtext(${input.kind}))`,
      );
      const [last] = await tx
        .select({ v: sql<number>`coalesce(max(${legalDocuments.version}), 0)::int` })
        .from(legalDocuments)
        .where(eq(legalDocuments.kind, input.kind));
      const [row] = (await tx
        .insert(legalDocuments)
        .values({ ...sanitized(input), version: (last?.v ?? 0) + 1 })
        .returning()) as [LegalRow];
      const after = toDocument(row, 0);
      return { result: after, targetType: 'legalDocument', targetId: row.id, after };
    },
    { recordKey: (input) => `${input.kind}:draft:${input.titleEn.toLowerCase()}` },
  ),
  defineHandler(legalDocumentCommands.update, async ({ tx }, { id, ...input }) => {
    const row = await findDocument(tx, id, true);
    assertDraft(row);
    const before = await withAcceptances(tx, row);
    const [updated] = (await tx
      .update(legalDocuments)
      .set({ ...sanitized(input), updatedAt: sql`now()` })
      .where(eq(legalDocuments.id, id))
      .returning()) as [LegalRow];
    const after = toDocument(updated, 0);
    return { result: after, targetType: 'legalDocument', targetId: id, before, after };
  }),
  defineHandler(legalDocumentCommands.delete, async ({ tx }, { id }) => {
    const row = await findDocument(tx, id, true);
    assertDraft(row);
    const before = toDocument(row, 0);
    await tx.delete(legalDocuments).where(eq(legalDocuments.id, id));
    return { result: undefined, targetType: 'legalDocument', targetId: id, before };
  }),
  defineHandler(
    legalDocumentCommands.publish,
    async ({ tx, actor }, { id }) => {
      const row = await findDocument(tx, id, true);
      assertDraft(row);
      const before = toDocument(row, 0);
      // The version it replaces is retired first: one PUBLISHED per kind (a unique index holds it).
      await tx
        .update(legalDocuments)
        .set({ status: 'RETIRED', updatedAt: sql`now()` })
        .where(and(eq(legalDocuments.kind, row.kind), eq(legalDocuments.status, 'PUBLISHED')));
      const [published] = (await tx
        .update(legalDocuments)
        .set({
          status: 'PUBLISHED',
          publishedAt: sql`now()`,
          publishedBy: actor.username,
          updatedAt: sql`now()`,
        })
        .where(eq(legalDocuments.id, id))
        .returning()) as [LegalRow];
      const after = toDocument(published, 0);
      return { result: after, targetType: 'legalDocument', targetId: id, before, after };
    },
    { approvalByDefault: true },
  ),
  defineHandler(
    consentCommands.record,
    async ({ tx, actor }, { customerNumber, documentId }) => {
      const customer = await findCustomerByNumber(tx, customerNumber);
      const document = await findDocument(tx, documentId);
      if (document.status !== 'PUBLISHED') {
        throw new AppError(
          'CONFLICT',
          `Version ${document.version} is not the published one: reload and ask again`,
        );
      }
      const inserted = await tx
        .insert(legalConsents)
        .values({ customerId: customer.id, documentId, channel: actor.username })
        .onConflictDoNothing()
        .returning({ acceptedAt: legalConsents.acceptedAt });
      const [stored] = inserted.length
        ? inserted
        : // A repeat answers the first acceptance (the unique key kept it).
          await tx
            .select({ acceptedAt: legalConsents.acceptedAt })
            .from(legalConsents)
            .where(and(eq(legalConsents.customerId, customer.id), eq(legalConsents.documentId, documentId)));
      const result = {
        customerNumber,
        documentId,
        kind: document.kind,
        version: document.version,
        acceptedAt: (stored as { acceptedAt: Date }).acceptedAt.toISOString(),
        replayed: inserted.length === 0,
      };
      return {
        result,
        targetType: 'legalConsent',
        targetId: `${customerNumber}:${documentId}`,
        after: result,
      };
    },
    { approvable: false },
  ),
];
