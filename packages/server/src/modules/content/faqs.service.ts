import {
  type ContentLang,
  type Faq,
  type FaqListQuery,
  faqCommands,
  type faqResource,
} from '@loyalty/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { faqs } from '../../db/schema/index.ts';
import { defineHandler } from '../../platform/commands.ts';
import { AppError } from '../../platform/errors.ts';
import { isoDates, listPage, type ResourceListSpec } from '../../platform/lists.ts';
import { findOrFail } from '../../platform/records.ts';

type FaqRow = typeof faqs.$inferSelect;
const toFaq = (row: FaqRow): Faq => isoDates(row);

const listSpec: ResourceListSpec<typeof faqs, typeof faqResource> = {
  table: faqs,
  sortable: {
    position: faqs.position,
    question: faqs.question,
    category: faqs.category,
    createdAt: faqs.createdAt,
  },
  defaultSort: { field: 'position', direction: 'asc' },
  tieBreaker: faqs.id,
  search: [faqs.question, faqs.answer, faqs.category],
  filters: {
    lang: (lang) => eq(faqs.lang, lang),
    status: (status) => eq(faqs.status, status),
  },
};

export const listFaqs = (db: Executor, query: FaqListQuery) => listPage(db, listSpec, query, toFaq);

const findFaq = (db: Executor, id: number, forUpdate = false) =>
  findOrFail(db, faqs, faqs.id, id, 'FAQ entry', forUpdate);

export const getFaq = async (db: Executor, id: number) => toFaq(await findFaq(db, id));

/** The customer app's FAQ in one language: active entries in their order. */
export async function publicFaqs(db: Executor, lang: ContentLang) {
  const items = await db
    .select({
      id: faqs.id,
      question: faqs.question,
      answer: faqs.answer,
      category: faqs.category,
      position: faqs.position,
    })
    .from(faqs)
    .where(and(eq(faqs.lang, lang), eq(faqs.status, 'ACTIVE')))
    .orderBy(asc(faqs.position), asc(faqs.id));
  return { lang, items };
}

/** A language's entries in order, locked: the order changes only under this lock. */
async function lockedOrder(tx: Executor, lang: ContentLang): Promise<number[]> {
  const rows = await tx
    .select({ id: faqs.id })
    .from(faqs)
    .where(eq(faqs.lang, lang))
    .orderBy(asc(faqs.position), asc(faqs.id))
    .for('update');
  return rows.map((r) => r.id);
}

/** Numbers the entries 1, 2, 3… in the given order (one statement). */
async function renumber(tx: Executor, ids: number[]) {
  if (ids.length === 0) return;
  await tx.execute(sql`update faqs set position = o.ord::int
    from unnest(${`{${ids.join(',')}}`}::int[]) with ordinality as o(id, ord)
    where faqs.id = o.id and faqs.position is distinct from o.ord::int`);
}

export const faqHandlers = [
  defineHandler(faqCommands.create, async ({ tx }, input) => {
    const order = await lockedOrder(tx, input.lang);
    const [row] = (await tx
      .insert(faqs)
      .values({ ...input, position: order.length + 1 })
      .returning()) as [FaqRow];
    const after = toFaq(row);
    return { result: after, targetType: 'faq', targetId: row.id, after };
  }),
  defineHandler(faqCommands.update, async ({ tx }, { id, ...input }) => {
    const beforeRow = await findFaq(tx, id, true);
    const before = toFaq(beforeRow);
    // Moving to the other language puts the entry last there and closes the gap it leaves.
    const moved = beforeRow.lang !== input.lang;
    const position = moved ? (await lockedOrder(tx, input.lang)).length + 1 : beforeRow.position;
    const [row] = (await tx
      .update(faqs)
      .set({ ...input, position, updatedAt: sql`now()` })
      .where(eq(faqs.id, id))
      .returning()) as [FaqRow];
    if (moved) await renumber(tx, await lockedOrder(tx, beforeRow.lang));
    const after = toFaq(row);
    return { result: after, targetType: 'faq', targetId: id, before, after };
  }),
  defineHandler(faqCommands.delete, async ({ tx }, { id }) => {
    const before = toFaq(await findFaq(tx, id, true));
    await tx.delete(faqs).where(eq(faqs.id, id));
    await renumber(tx, await lockedOrder(tx, before.lang));
    return { result: undefined, targetType: 'faq', targetId: id, before };
  }),
  defineHandler(faqCommands.move, async ({ tx }, { id, beforeId, afterId }) => {
    const entry = await findFaq(tx, id, true);
    const order = await lockedOrder(tx, entry.lang);
    const anchor = (beforeId ?? afterId) as number;
    const rest = order.filter((other) => other !== id);
    const at = rest.indexOf(anchor);
    if (at < 0) {
      const path = beforeId === null ? 'afterId' : 'beforeId';
      throw new AppError('VALIDATION_FAILED', `${path} is not an entry of the same language`, [
        { path, message: 'Not an entry of the same language' },
      ]);
    }
    const next = [...rest];
    next.splice(beforeId === null ? at + 1 : at, 0, id);
    await renumber(tx, next);
    const before = { id, position: entry.position };
    const after = { id, position: next.indexOf(id) + 1 };
    return { result: await publicOrder(tx, entry.lang), targetType: 'faq', targetId: id, before, after };
  }),
];

/** The ids of a language's entries in their new order: what a move answers. */
async function publicOrder(tx: Executor, lang: ContentLang) {
  const rows = await tx
    .select({ id: faqs.id, position: faqs.position })
    .from(faqs)
    .where(eq(faqs.lang, lang))
    .orderBy(asc(faqs.position), asc(faqs.id));
  return { lang, items: rows };
}
