import { randomInt } from 'node:crypto';
import {
  type CustomerReferrals,
  channelCommands,
  type Referral,
  type ReferralCost,
  type ReferralListQuery,
  type ReferralReason,
  referralChannelCommands,
  type referralResource,
} from '@loyalty/contracts';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf, type Tx } from '../../db/client.ts';
import { customers, referralCodes, referralProgrammes, referrals } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/access.ts';
import { defineHandler } from '../../platform/commands.ts';
import { AppError } from '../../platform/errors.ts';
import { listPage, type ResourceListSpec } from '../../platform/lists.ts';
import { findCustomerByNumber } from '../customers/index.ts';

const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------------
// Codes

/** Crockford's base 32: no I, L, O or U, so a code read aloud or typed is not mistaken. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_LENGTH = 8;

/** A code as typed: upper case, hyphens and spaces dropped, I and L read as 1, O as 0. */
export const normalizeCode = (code: string) =>
  code.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');

const newCode = () => Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(32)]).join('');

/**
 * The customer's referral code, made on first use (random, 32⁸ ≈ 10¹² codes: a collision is
 * drawn again). `deviceId`: the device the channel named at enrolment, kept when none was.
 */
export async function referralCodeOf(tx: Tx, customerId: number, deviceId?: string | null): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [made] = await tx
      .insert(referralCodes)
      .values({ customerId, code: newCode(), deviceId: deviceId ?? null })
      .onConflictDoNothing()
      .returning({ code: referralCodes.code });
    if (made) return made.code;
    const [found] = await tx
      .update(referralCodes)
      .set({ deviceId: sql`coalesce(${referralCodes.deviceId}, ${deviceId ?? null})` })
      .where(eq(referralCodes.customerId, customerId))
      .returning({ code: referralCodes.code });
    if (found) return found.code;
  }
  throw new AppError('INTERNAL', 'No free referral code');
}

// ---------------------------------------------------------------------------------------------
// Enrolment

type CustomerRow = Awaited<ReturnType<typeof findCustomerByNumber>>;

export interface Enrolment {
  referralCode?: string | undefined;
  deviceId?: string | undefined;
}

const unknownCode = () =>
  new AppError('VALIDATION_FAILED', 'Unknown referral code', [
    { path: 'referralCode', message: 'referrals.unknownCode' },
  ]);

/**
 * A customer enrolled through a channel with a referrer's code (customer upsert), in its
 * transaction: the referral is recorded — PENDING, or REFUSED with the guard that stopped it
 * (decisions/referrals.md). The referrer's code row is locked, so a referrer's enrolments queue and
 * the monthly count is exact. A repeat of the upsert answers the referral already recorded.
 */
export async function enrolReferral(
  tx: Tx,
  referred: { id: number; customerNumber: string },
  created: boolean,
  { referralCode, deviceId }: Enrolment,
): Promise<void> {
  if (!referralCode) {
    if (deviceId) await referralCodeOf(tx, referred.id, deviceId);
    return;
  }
  const [owner] = await tx
    .select()
    .from(referralCodes)
    .where(eq(referralCodes.code, normalizeCode(referralCode)))
    .for('update');
  if (!owner) throw unknownCode();
  if (owner.customerId === referred.id)
    throw new AppError('VALIDATION_FAILED', 'A customer cannot use their own code', [
      { path: 'referralCode', message: 'referrals.ownCode' },
    ]);
  await referralCodeOf(tx, referred.id, deviceId);
  const [earlier] = await tx
    .select({ id: referrals.id })
    .from(referrals)
    .where(eq(referrals.referredId, referred.id));
  if (earlier) return;

  const [referrer, friend] = await Promise.all(
    [owner.customerId, referred.id].map(async (id) => {
      const [row] = await tx.select().from(customers).where(eq(customers.id, id));
      return row as CustomerRow;
    }),
  );
  const same = (a: string | null | undefined, b: string | null | undefined) =>
    !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();
  const now = new Date();
  const [programme] = await tx
    .select()
    .from(referralProgrammes)
    .where(
      sql`(${now}::timestamptz at time zone 'UTC')::date between ${referralProgrammes.startsOn} and ${referralProgrammes.endsOn}`,
    )
    .orderBy(sql`${referralProgrammes.startsOn} desc`, sql`${referralProgrammes.id} desc`)
    .limit(1);

  let reason: ReferralReason | null = null;
  if (same(referrer?.mobile, friend?.mobile)) reason = 'SAME_MOBILE';
  else if (same(referrer?.email, friend?.email)) reason = 'SAME_EMAIL';
  else if (deviceId && (await deviceSeen(tx, owner, deviceId))) reason = 'SAME_DEVICE';
  else if (!created) reason = 'EXISTING_CUSTOMER';
  else if (referrer?.status !== 'ACTIVE') reason = 'REFERRER_NOT_ACTIVE';
  else if (!programme) reason = 'NO_PROGRAMME';
  else if ((await referralsThisMonth(tx, owner.customerId, now)) >= programme.monthlyLimit)
    reason = 'MONTHLY_LIMIT';

  await tx.insert(referrals).values({
    programmeId: programme?.id ?? null,
    referrerId: owner.customerId,
    referredId: referred.id,
    code: owner.code,
    deviceId: deviceId ?? null,
    status: reason ? 'REFUSED' : 'PENDING',
    reason,
    qualifiesBy:
      !reason && programme?.qualifying === 'TRANSACTIONS'
        ? new Date(now.getTime() + programme.withinDays * DAY_MS)
        : null,
  });
}

/** The device is the referrer's own, or one a friend of theirs already enrolled from. */
async function deviceSeen(tx: Tx, owner: typeof referralCodes.$inferSelect, deviceId: string) {
  if (owner.deviceId === deviceId) return true;
  const [row] = await tx
    .select({ id: referrals.id })
    .from(referrals)
    .where(and(eq(referrals.referrerId, owner.customerId), eq(referrals.deviceId, deviceId)))
    .limit(1);
  return !!row;
}

/** The referrer's referrals recorded this calendar month (UTC), refused ones aside. */
async function referralsThisMonth(tx: Tx, referrerId: number, now: Date) {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(referrals)
    .where(
      and(
        eq(referrals.referrerId, referrerId),
        sql`${referrals.createdAt} >= ${start}`,
        sql`${referrals.status} <> 'REFUSED'`,
      ),
    );
  return Number(row?.n ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Reads

type Row = typeof referrals.$inferSelect;

const listSpec: ResourceListSpec<typeof referrals, typeof referralResource> = {
  table: referrals,
  sortable: { createdAt: referrals.createdAt, status: referrals.status, rewardedAt: referrals.rewardedAt },
  defaultSort: { field: 'createdAt', direction: 'desc' },
  tieBreaker: referrals.id,
  search: [referrals.code],
  filters: {
    status: (v: Row['status']) => eq(referrals.status, v),
    programmeId: (v: number) => eq(referrals.programmeId, v),
    customerNumber: (v: string) =>
      sql`exists (select 1 from customers c where c.customer_number = ${v}
        and c.id in (${referrals.referrerId}, ${referrals.referredId}))`,
  },
};

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The rows of a page with their customers' numbers and programme names (two look-ups a page). */
async function toReferrals(db: Executor, rows: Row[]): Promise<Referral[]> {
  const customerIds = [...new Set(rows.flatMap((r) => [r.referrerId, r.referredId]))];
  const programmeIds = [...new Set(rows.flatMap((r) => (r.programmeId === null ? [] : [r.programmeId])))];
  const [numbers, programmes] = await Promise.all([
    customerIds.length
      ? db
          .select({ id: customers.id, number: customers.customerNumber })
          .from(customers)
          .where(inArray(customers.id, customerIds))
      : [],
    programmeIds.length
      ? db
          .select({
            id: referralProgrammes.id,
            nameEn: referralProgrammes.nameEn,
            nameAr: referralProgrammes.nameAr,
          })
          .from(referralProgrammes)
          .where(inArray(referralProgrammes.id, programmeIds))
      : [],
  ]);
  const numberOf = new Map(numbers.map((n) => [n.id, n.number]));
  const programmeOf = new Map(programmes.map((p) => [p.id, p]));
  return rows.map((r) => {
    const p = r.programmeId === null ? undefined : programmeOf.get(r.programmeId);
    return {
      id: r.id,
      programmeId: r.programmeId,
      programmeNameEn: p?.nameEn ?? null,
      programmeNameAr: p?.nameAr ?? null,
      referrerNumber: numberOf.get(r.referrerId) ?? '',
      referredNumber: numberOf.get(r.referredId) ?? '',
      code: r.code,
      status: r.status,
      reason: r.reason as ReferralReason | null,
      transactions: r.transactions,
      qualifiesBy: iso(r.qualifiesBy),
      referrerPoints: r.referrerPoints,
      referredPoints: r.referredPoints,
      clawedBackPoints: r.clawedBackPoints,
      createdAt: r.createdAt.toISOString(),
      rewardedAt: iso(r.rewardedAt),
      clawedBackAt: iso(r.clawedBackAt),
    };
  });
}

export async function listReferrals(db: Executor, query: ReferralListQuery) {
  const page = await listPage(db, listSpec, query, (row) => row);
  return { ...page, items: await toReferrals(db, page.items) };
}

/** A customer's referrals, as referrer or referred (the customer's info screen). */
export async function referralsOfCustomer(db: Executor, customerId: number): Promise<Referral[]> {
  const rows = await db
    .select()
    .from(referrals)
    .where(or(eq(referrals.referrerId, customerId), eq(referrals.referredId, customerId)))
    .orderBy(sql`${referrals.id} desc`)
    .limit(51);
  return toReferrals(db, rows);
}

/**
 * Customer info's Referrals tab: the customer's code as it stands (a read does not make one: the
 * channel's first ask does), the referral that brought them, and the latest 50 they made.
 */
export async function customerReferrals(
  db: Executor,
  customer: { id: number; customerNumber: string },
): Promise<CustomerReferrals> {
  const [[own], all] = await Promise.all([
    db
      .select({ code: referralCodes.code })
      .from(referralCodes)
      .where(eq(referralCodes.customerId, customer.id)),
    referralsOfCustomer(db, customer.id),
  ]);
  return {
    customerNumber: customer.customerNumber,
    code: own?.code ?? null,
    referredBy: all.find((r) => r.referredNumber === customer.customerNumber) ?? null,
    referrals: all.filter((r) => r.referrerNumber === customer.customerNumber).slice(0, 50),
  };
}

/**
 * The cost per acquired customer, per programme and month of the reward (UTC): the points paid to
 * both sides net of claw-backs, over the referred customers rewarded and not clawed back.
 */
export async function referralCost(db: Executor, where: SQL = sql`true`): Promise<ReferralCost> {
  const rows = rowsOf<{
    programme_id: number;
    name_en: string;
    name_ar: string;
    month: string;
    acquired: number;
    points: number;
  }>(
    await db.execute(sql`
      select r.programme_id, p.name_en, p.name_ar, to_char(r.rewarded_at at time zone 'UTC', 'YYYY-MM') as month,
        (count(*) filter (where r.status in ('REWARDED', 'QUALIFIED')))::int as acquired,
        sum(r.referrer_points + r.referred_points - r.clawed_back_points)::int as points
      from referrals r join referral_programmes p on p.id = r.programme_id
      where r.rewarded_at is not null and r.rewarded_at > now() - interval '12 months' and ${where}
      group by 1, 2, 3, 4 order by 4, 1`),
  );
  return {
    items: rows.map((r) => ({
      programmeId: r.programme_id,
      nameEn: r.name_en,
      nameAr: r.name_ar,
      month: r.month,
      acquired: Number(r.acquired),
      points: Number(r.points),
      costPerCustomer: Number(r.acquired)
        ? Math.round((Number(r.points) / Number(r.acquired)) * 100) / 100
        : 0,
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Commands

/** A channel command is granted by the key's scope that grants the command named here. */
const scopeOf = (command: string) => ({
  approvable: false,
  audited: false,
  authorize: async (actor: Actor) => actor.apiKey !== undefined && actor.permissions.has(command),
});

export const referralHandlers = [
  defineHandler(
    referralChannelCommands.code,
    async ({ tx }, { customerNumber }) => {
      const customer = await findCustomerByNumber(tx, customerNumber);
      const code = await referralCodeOf(tx, customer.id);
      return { result: { customerNumber, code }, targetType: 'customer', targetId: customer.id };
    },
    // The code belongs to the customer's record: the scope that reads and writes customers.
    scopeOf(channelCommands.upsertCustomer.name),
  ),
];
