import {
  type ChurnBand,
  type Customer,
  type CustomerDetail,
  type CustomerListQuery,
  type CustomerProfileInput,
  customerCommands,
  type customerResource,
  type LedgerEntry,
  type LedgerListQuery,
  type LedgerOrigin,
  type LedgerSortField,
  ledgerCommands,
  type TierHistoryEntry,
} from '@loyalty/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { readAll } from '../../db/client.ts';
import {
  campaigns,
  challenges,
  churnScores,
  customerSearchText,
  customers,
  ledgerEntries,
  redemptions,
  tierHistory,
  tiers,
  vouchers,
} from '../../db/schema/index.ts';
import { defineHandler } from '../../platform/commands.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { type ExportCells, isoCell } from '../../platform/exports.ts';
import {
  isoDates,
  type ListQuery,
  type ListSpec,
  listPage,
  type ResourceListSpec,
} from '../../platform/lists.ts';
import { findOrFail } from '../../platform/records.ts';
import { userConfigurationOf } from '../../platform/settings/staffSessions.ts';
import { tunable } from '../../platform/settings/values.ts';
import {
  nextExpiry,
  type Programme,
  postLedgerEntry,
  programme,
  qualifyingPoints,
  reverseEarning,
  tierFor,
} from '../loyalty/index.ts';

type CustomerRow = typeof customers.$inferSelect;

const toCustomer = (prog: Programme, row: CustomerRow): Customer => {
  const tier = row.tierId === null ? undefined : prog.tiersById.get(row.tierId);
  return {
    ...isoDates(row),
    lastActivityAt: row.lastActivityAt?.toISOString() ?? null,
    tierName: tier?.name ?? null,
    tierNameAr: tier?.nameAr ?? null,
  };
};

/**
 * The customer list counts at most `lists.customerCountCap` matches (`lists.customerSearchCountCap`
 * for a search; SystemConfigurations, bundle "lists"): over a million customers an exact count
 * costs more than the page. A search's count reads rows until it has enough matches, so it stops
 * sooner than a plain list's (an index-only count).
 */

export const customerListSpec: ResourceListSpec<typeof customers, typeof customerResource> = {
  table: customers,
  sortable: {
    customerNumber: customers.customerNumber,
    fullName: customers.fullName,
    joinedAt: customers.joinedAt,
  },
  defaultSort: { field: 'joinedAt', direction: 'desc' },
  tieBreaker: customers.id,
  // The lower-cased number, name, mobile and e-mail, under a trigram index.
  search: [customerSearchText],
  filters: {
    tierId: (v: number) => eq(customers.tierId, v),
    status: (v: CustomerRow['status']) => eq(customers.status, v),
    segment: (v: CustomerRow['segment']) => eq(customers.segment, v),
    // The scores' primary key is the customer: one probe per listed row.
    churnBand: (v: ChurnBand) =>
      sql`exists (select 1 from ${churnScores} where ${churnScores.customerId} = ${customers.id} and ${churnScores.band} = ${v})`,
  },
};

/**
 * The export's cells, computed by the database (a million customers: platform/exports.ts,
 * ExportCells); the same text as toCustomer's item, which customers.export.test.ts holds.
 */
export const customerExportCells = {
  id: sql`${customers.id}::float8`,
  customerNumber: customers.customerNumber,
  fullName: customers.fullName,
  fullNameAr: customers.fullNameAr,
  mobile: customers.mobile,
  email: customers.email,
  language: customers.language,
  status: customers.status,
  segment: customers.segment,
  nationality: customers.nationality,
  residency: customers.residency,
  dateOfBirth: sql`${customers.dateOfBirth}::text`,
  kycLevel: customers.kycLevel,
  products: sql`array_to_string(${customers.products}, ', ')`,
  tierId: customers.tierId,
  tierName: sql`(select ${tiers.name} from ${tiers} where ${tiers.id} = ${customers.tierId})`,
  tierNameAr: sql`(select ${tiers.nameAr} from ${tiers} where ${tiers.id} = ${customers.tierId})`,
  balance: customers.balance,
  lifetimePoints: customers.lifetimePoints,
  joinedAt: isoCell(customers.joinedAt),
  lastActivityAt: isoCell(customers.lastActivityAt),
  createdAt: isoCell(customers.createdAt),
  updatedAt: isoCell(customers.updatedAt),
} satisfies ExportCells;

export async function listCustomers(db: Executor, query: CustomerListQuery) {
  const prog = await programme(db);
  const countLimit = await tunable<number>(
    db,
    query.q ? 'lists.customerSearchCountCap' : 'lists.customerCountCap',
  );
  const page = await listPage(
    db,
    { ...customerListSpec, countLimit },
    { ...query, q: query.q?.toLowerCase() },
    (row) => toCustomer(prog, row),
  );
  return { ...page, totalCapped: page.totalCapped ?? false };
}

export async function findCustomer(db: Executor, id: number, forUpdate = false): Promise<CustomerRow> {
  return findOrFail(db, customers, customers.id, id, 'Customer', forUpdate);
}

export async function findCustomerByNumber(db: Executor, customerNumber: string): Promise<CustomerRow> {
  const [row] = await db.select().from(customers).where(eq(customers.customerNumber, customerNumber));
  if (!row) throw notFound('Customer');
  return row;
}

/** How a listed record (a conversation, a delivery) names its customer, in both scripts. */
export interface CustomerLabel {
  customerNumber: string;
  customerName: string;
  customerNameAr: string | null;
}
const unknownCustomer: CustomerLabel = { customerNumber: '', customerName: '', customerNameAr: null };

/** The number and names of the customers a page of records names: one query for the page. */
export async function customerLabels(
  db: Executor,
  ids: Iterable<number>,
): Promise<(id: number) => CustomerLabel> {
  const unique = [...new Set(ids)];
  const rows = unique.length
    ? await db
        .select({
          id: customers.id,
          customerNumber: customers.customerNumber,
          customerName: customers.fullName,
          customerNameAr: customers.fullNameAr,
        })
        .from(customers)
        .where(inArray(customers.id, unique))
    : [];
  const byId = new Map(rows.map(({ id, ...label }) => [id, label]));
  return (id) => byId.get(id) ?? unknownCustomer;
}

/** Where the customer stands: qualifying points on the configured basis and the next tier up. */
async function tierProgress(db: Executor, prog: Programme, row: CustomerRow) {
  const qualifying = await qualifyingPoints(db, row.id, row.lifetimePoints);
  const current = row.tierId === null ? tierFor(qualifying, prog.tiers) : prog.tiersById.get(row.tierId);
  const next = prog.tiers.find((t) => t.minPoints > (current?.minPoints ?? -1) && t.minPoints > qualifying);
  return {
    basis: prog.settings.tierBasis,
    qualifyingPoints: qualifying,
    currentTierName: row.tierId === null ? null : (current?.name ?? null),
    currentTierNameAr: row.tierId === null ? null : (current?.nameAr ?? null),
    nextTierName: next?.name ?? null,
    nextTierNameAr: next?.nameAr ?? null,
    nextTierMinPoints: next?.minPoints ?? null,
    pointsToNextTier: next ? next.minPoints - qualifying : null,
  };
}

export async function getCustomerDetail(db: Executor, id: number): Promise<CustomerDetail> {
  const prog = await programme(db);
  const row = await findCustomer(db, id);
  const [progress, expiring] = await readAll(db, [
    () => tierProgress(db, prog, row),
    () => nextExpiry(db, row.id),
  ]);
  return { ...toCustomer(prog, row), tierProgress: progress, expiringPoints: expiring };
}

/** Channels create and update customers by number; new customers start on the tier 0 points reach. */
export async function upsertCustomer(tx: Tx, customerNumber: string, profile: CustomerProfileInput) {
  const prog = await programme(tx);
  const set = Object.fromEntries(Object.entries(profile).filter(([, v]) => v !== undefined));
  const [row] = (await tx
    .insert(customers)
    .values({
      customerNumber,
      ...profile,
      // A new customer without a language gets the customers' default (UserConfigurations).
      language: profile.language ?? (await userConfigurationOf(tx, 'CUSTOMER'))?.defaultLanguage,
      tierId: tierFor(0, prog.tiers)?.id ?? null,
    })
    .onConflictDoUpdate({ target: customers.customerNumber, set: { ...set, updatedAt: sql`now()` } })
    .returning()) as [CustomerRow];
  return { customer: toCustomer(prog, row), created: row.createdAt.getTime() === row.updatedAt.getTime() };
}

type LedgerRow = typeof ledgerEntries.$inferSelect;

export async function listLedger(db: Executor, customerId: number, query: LedgerListQuery) {
  const prog = await programme(db);
  const spec: ListSpec<typeof ledgerEntries, LedgerListQuery & { customerId: number }, LedgerSortField> = {
    table: ledgerEntries,
    sortable: {
      occurredAt: ledgerEntries.occurredAt,
      createdAt: ledgerEntries.id,
      points: ledgerEntries.points,
    },
    defaultSort: { field: 'createdAt', direction: 'desc' },
    tieBreaker: ledgerEntries.id,
    filters: {
      customerId: (v: number) => eq(ledgerEntries.customerId, v),
      kind: (v: LedgerRow['kind']) => eq(ledgerEntries.kind, v),
    },
  };
  const page = await listPage(db, spec, { ...query, customerId }, (row) => row);
  const ids = page.items.map((e) => e.id);
  const reversed = new Set(
    ids.length
      ? (
          await db
            .select({ id: ledgerEntries.reversalOf })
            .from(ledgerEntries)
            .where(inArray(ledgerEntries.reversalOf, ids))
        ).map((r) => r.id)
      : [],
  );
  const origins = await originsOf(db, page.items);
  // A campaign's bonus within an earning, tagged with the campaign's names (none once it is deleted).
  const bonuses = new Map(
    page.items.flatMap((e) => (e.campaignId === null ? [] : [[e.id, { of: e.campaignId }]])),
  );
  const campaignNames = new Map(
    (
      await withNames(bonuses, (ids) =>
        db
          .select({ id: campaigns.id, name: campaigns.nameEn, nameAr: campaigns.nameAr })
          .from(campaigns)
          .where(inArray(campaigns.id, ids)),
      )
    ).map(({ entry, n }) => [entry, n]),
  );
  const items = page.items.map((e): LedgerEntry => {
    const type = e.transactionTypeId === null ? undefined : prog.typesById.get(e.transactionTypeId);
    return {
      id: e.id,
      kind: e.kind,
      points: e.points,
      balanceAfter: e.balanceAfter,
      reference: e.reference,
      externalId: e.externalId,
      transactionTypeCode: type?.code ?? null,
      transactionTypeName: type?.name ?? null,
      transactionTypeNameAr: type?.nameAr ?? null,
      amount: e.amount,
      ruleId: e.ruleId,
      campaignId: e.campaignId,
      campaignName: campaignNames.get(e.id)?.name ?? null,
      campaignNameAr: campaignNames.get(e.id)?.nameAr ?? null,
      bonusPoints: e.bonusPoints,
      reversalOf: e.reversalOf,
      reversed: reversed.has(e.id),
      note: e.note,
      origin: origins.get(e.id) ?? null,
      expiresAt: e.expiresAt?.toISOString() ?? null,
      occurredAt: e.occurredAt.toISOString(),
      createdAt: e.createdAt.toISOString(),
    };
  });
  return { ...page, items };
}

/**
 * The origin of the page's entries the programme posted itself, read from their references'
 * forms (`challenge:<id>:<step>` challenges_pay_steps, `challenge-reversal:<id>:<step>`
 * challenges_reverse, `referral <id>: referrer|referred` referrals_on_earning, `referral <id>:
 * clawed back` referrals_on_reversal, `transfer <from> → <to>` households_transfer,
 * `redemption:<id>` a redemption and its cancellation's REVERSAL); a page's challenges' names in
 * one query, its redemptions' vouchers in another.
 */
const referralRoles = { referrer: 'referrer', referred: 'referred', 'clawed back': 'clawedBack' } as const;
async function originsOf(db: Executor, entries: { id: number; kind: string; reference: string }[]) {
  const origins = new Map<number, LedgerOrigin>();
  // Entries that name a challenge or a redemption (`of`), named after the loop in one query each.
  const steps = new Map<number, { of: number; step: number; takenBack: boolean }>();
  const redeemed = new Map<number, { of: number; returned: boolean }>();
  for (const e of entries) {
    const challenge = /^challenge(-reversal)?:(\d+):(\d+)$/.exec(e.reference);
    const referral = /^referral (\d+): (referrer|referred|clawed back)$/.exec(e.reference);
    const transfer = /^transfer (\S+) → (\S+)$/.exec(e.reference);
    const redemption = /^redemption:(\d+)$/.exec(e.reference);
    if (challenge)
      steps.set(e.id, {
        of: Number(challenge[2]),
        step: Number(challenge[3]),
        takenBack: !!challenge[1],
      });
    else if (referral)
      origins.set(e.id, {
        type: 'REFERRAL',
        id: Number(referral[1]),
        role: referralRoles[referral[2] as keyof typeof referralRoles],
      });
    else if (transfer)
      origins.set(e.id, { type: 'TRANSFER', from: String(transfer[1]), to: String(transfer[2]) });
    else if (redemption) redeemed.set(e.id, { of: Number(redemption[1]), returned: e.kind === 'REVERSAL' });
  }
  const challengeNames = (ids: number[]) =>
    db
      .select({ id: challenges.id, name: challenges.nameEn, nameAr: challenges.nameAr })
      .from(challenges)
      .where(inArray(challenges.id, ids));
  for (const { entry, p, n } of await withNames(steps, challengeNames))
    origins.set(entry, {
      type: 'CHALLENGE',
      id: p.of,
      step: p.step,
      name: n.name,
      nameAr: n.nameAr,
      takenBack: p.takenBack,
    });
  const voucherNames = (ids: number[]) =>
    db
      .select({ id: redemptions.id, name: vouchers.name, nameAr: vouchers.nameAr })
      .from(redemptions)
      .innerJoin(vouchers, eq(vouchers.id, redemptions.voucherId))
      .where(inArray(redemptions.id, ids));
  for (const { entry, p, n } of await withNames(redeemed, voucherNames))
    origins.set(entry, {
      type: 'REDEMPTION',
      id: p.of,
      voucher: n.name,
      voucherAr: n.nameAr,
      returned: p.returned,
    });
  return origins;
}

/** Each of `pending`'s entries with the name of the record it points at (`of`), read in one query. */
async function withNames<P extends { of: number }>(
  pending: Map<number, P>,
  load: (ids: number[]) => Promise<{ id: number; name: string; nameAr: string }[]>,
) {
  if (!pending.size) return [];
  const ids = [...new Set([...pending.values()].map((p) => p.of))];
  const names = new Map((await load(ids)).map((n) => [n.id, n]));
  return [...pending].flatMap(([entry, p]) => {
    const n = names.get(p.of);
    return n ? [{ entry, p, n }] : [];
  });
}

export async function listTierHistory(db: Executor, customerId: number, query: ListQuery) {
  const spec: ListSpec<typeof tierHistory, ListQuery & { customerId: number }, 'changedAt'> = {
    table: tierHistory,
    sortable: { changedAt: tierHistory.id },
    defaultSort: { field: 'changedAt', direction: 'desc' },
    tieBreaker: tierHistory.id,
    filters: { customerId: (v: number) => eq(tierHistory.customerId, v) },
  };
  return listPage(
    db,
    spec,
    { ...query, customerId },
    ({ customerId: _c, fromTierId: _f, toTierId: _t, ...row }): TierHistoryEntry => isoDates(row),
  );
}

function statusHandler(def: typeof customerCommands.block, to: 'ACTIVE' | 'BLOCKED') {
  return defineHandler(def, async ({ tx }, { id, reason }) => {
    const prog = await programme(tx);
    const before = await findCustomer(tx, id, true);
    if (before.status === 'CLOSED') throw new AppError('CUSTOMER_NOT_ACTIVE', 'The customer is closed');
    if (before.status === to) throw new AppError('CONFLICT', `The customer is already ${to}`);
    const [row] = (await tx
      .update(customers)
      .set({ status: to, updatedAt: sql`now()` })
      .where(eq(customers.id, id))
      .returning()) as [CustomerRow];
    return {
      result: toCustomer(prog, row),
      targetType: 'customer',
      targetId: id,
      before: { status: before.status },
      after: { status: to, reason },
    };
  });
}

export const customerHandlers = [
  statusHandler(customerCommands.block, 'BLOCKED'),
  statusHandler(customerCommands.unblock, 'ACTIVE'),
  defineHandler(customerCommands.adjustPoints, async ({ tx, actor, onBehalfOf }, { id, points, reason }) => {
    const before = await findCustomer(tx, id, true);
    const posted = await postLedgerEntry(tx, {
      customerId: id,
      kind: 'ADJUST',
      points,
      reference: 'adjustment',
      note: reason,
      actorId: onBehalfOf?.userId ?? actor.userId,
    });
    const prog = await programme(tx);
    return {
      result: {
        entryId: posted.entryId,
        balance: posted.balance,
        tierName: posted.tierId === null ? null : (prog.tiersById.get(posted.tierId)?.name ?? null),
      },
      targetType: 'customer',
      targetId: id,
      before: { balance: before.balance },
      after: { balance: posted.balance, points, reason },
    };
  }),
  defineHandler(ledgerCommands.reverse, async ({ tx, actor, onBehalfOf }, { id, reason }) => {
    const result = await reverseEarning(tx, { entryId: id }, onBehalfOf?.userId ?? actor.userId, reason);
    return { result, targetType: 'ledgerEntry', targetId: id, after: { ...result, reason } };
  }),
];
