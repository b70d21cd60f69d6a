import {
  type ChannelTransferResult,
  channelCommands,
  type ErrorCode,
  type Household,
  type HouseholdListQuery,
  type HouseholdMember,
  type HouseholdTransfer,
  householdChannelCommands,
  householdCommands,
  type householdPage,
  type PoolResult,
  parseSort,
} from '@loyalty/contracts';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Executor, rowsOf, type Tx } from '../../db/client.ts';
import { customers, householdMembers, households, householdTransfers } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/access.ts';
import { defineHandler } from '../../platform/commands.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { tunable } from '../../platform/settings/values.ts';
import { findCustomerByNumber } from '../customers/index.ts';

const DAY_MS = 86_400_000;
const TRANSFERS_SHOWN = 50;

type CustomerRow = Awaited<ReturnType<typeof findCustomerByNumber>>;

/** A refusal with a stable code and the message key the screens show for it. */
const refused = (code: ErrorCode, path: string, key: string, detail: string) =>
  new AppError(code, detail, [{ path, message: key }]);

// ---------------------------------------------------------------------------------------------
// Reads

async function membersOf(db: Executor, householdId: number): Promise<HouseholdMember[]> {
  const rows = await db
    .select({
      customerId: customers.id,
      customerNumber: customers.customerNumber,
      fullName: customers.fullName,
      fullNameAr: customers.fullNameAr,
      status: customers.status,
      balance: customers.balance,
      role: householdMembers.role,
      consentedAt: householdMembers.consentedAt,
      consentChannel: householdMembers.consentChannel,
      addedAt: householdMembers.addedAt,
    })
    .from(householdMembers)
    .innerJoin(customers, eq(customers.id, householdMembers.customerId))
    .where(eq(householdMembers.householdId, householdId))
    .orderBy(desc(sql`${householdMembers.role} = 'HEAD'`), asc(householdMembers.addedAt), asc(customers.id));
  return rows.map((r) => ({
    ...r,
    fullNameAr: r.fullNameAr ?? null,
    consentedAt: r.consentedAt?.toISOString() ?? null,
    addedAt: r.addedAt.toISOString(),
  }));
}

async function transfersOf(db: Executor, where: SQL, limit = TRANSFERS_SHOWN): Promise<HouseholdTransfer[]> {
  const rows = rowsOf<{
    id: string | number;
    household_id: number;
    from_number: string;
    to_number: string;
    points: number;
    channel: string | null;
    external_id: string | null;
    debit_entry_id: string | number;
    credit_entry_id: string | number;
    expires_at: Date | string | null;
    created_by: string;
    created_at: Date | string;
  }>(
    await db.execute(sql`
      select t.id, t.household_id, f.customer_number as from_number, r.customer_number as to_number,
        t.points, t.channel, t.external_id, t.debit_entry_id, t.credit_entry_id, t.expires_at,
        t.created_by, t.created_at
      from household_transfers t
        join customers f on f.id = t.from_customer_id
        join customers r on r.id = t.to_customer_id
      where ${where}
      order by t.id desc limit ${limit}`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    householdId: r.household_id,
    from: r.from_number,
    to: r.to_number,
    points: r.points,
    channel: r.channel,
    externalId: r.external_id,
    debitEntryId: Number(r.debit_entry_id),
    creditEntryId: Number(r.credit_entry_id),
    expiresAt: r.expires_at === null ? null : new Date(r.expires_at).toISOString(),
    createdBy: r.created_by,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

async function findHousehold(db: Executor, id: number, lock = false) {
  const query = db.select().from(households).where(eq(households.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Household');
  return row;
}

export async function getHousehold(db: Executor, id: number): Promise<Household> {
  const row = await findHousehold(db, id);
  const members = await membersOf(db, id);
  const transfers = await transfersOf(db, sql`t.household_id = ${id}`);
  const head = members.find((m) => m.role === 'HEAD');
  return {
    id: row.id,
    name: row.name,
    headNumber: head?.customerNumber ?? '',
    members,
    transfers,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The household a customer belongs to, or null (the customer's info screen). */
export async function householdOfCustomer(db: Executor, customerNumber: string): Promise<Household | null> {
  const customer = await findCustomerByNumber(db, customerNumber);
  const [member] = await db
    .select({ householdId: householdMembers.householdId })
    .from(householdMembers)
    .where(eq(householdMembers.customerId, customer.id));
  return member ? getHousehold(db, member.householdId) : null;
}

const sortColumns = { createdAt: households.createdAt, name: households.name } as const;

export async function listHouseholds(
  db: Executor,
  query: HouseholdListQuery,
): Promise<z.infer<typeof householdPage>> {
  const sort = parseSort(query.sort);
  const column =
    sortColumns[(sort?.field as keyof typeof sortColumns) ?? 'createdAt'] ?? households.createdAt;
  const direction = sort?.direction === 'asc' ? asc : desc;
  const filters: SQL[] = [];
  if (query.q) {
    const like = `%${query.q.toLowerCase()}%`;
    filters.push(sql`(lower(${households.name}) like ${like} or exists (select 1 from household_members m
      join customers c on c.id = m.customer_id
      where m.household_id = ${households.id} and lower(c.customer_number) like ${like}))`);
  }
  if (query.customerNumber) {
    filters.push(sql`exists (select 1 from household_members m join customers c on c.id = m.customer_id
      where m.household_id = ${households.id} and c.customer_number = ${query.customerNumber})`);
  }
  const where = filters.length ? and(...filters) : undefined;
  const rows = await db
    .select({
      id: households.id,
      name: households.name,
      createdAt: households.createdAt,
      headNumber: customers.customerNumber,
      memberCount: sql<number>`(select count(*)::int from household_members m where m.household_id = ${households.id})`,
    })
    .from(households)
    .innerJoin(customers, eq(customers.id, households.headCustomerId))
    .where(where)
    .orderBy(direction(column), direction(households.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(households).where(where);
  return {
    items: rows.map((r) => ({
      ...r,
      memberCount: Number(r.memberCount),
      createdAt: r.createdAt.toISOString(),
    })),
    total: Number(count?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

// ---------------------------------------------------------------------------------------------
// Membership

async function assertNotInHousehold(tx: Tx, customer: CustomerRow) {
  const [member] = await tx
    .select({ householdId: householdMembers.householdId })
    .from(householdMembers)
    .where(eq(householdMembers.customerId, customer.id));
  if (member)
    throw refused(
      'CONFLICT',
      'customerNumber',
      'households.alreadyMember',
      `Customer ${customer.customerNumber} already belongs to household ${member.householdId}`,
    );
}

/** The member rows of two customers in one household, both consented; refuses otherwise. */
async function sameHousehold(tx: Tx, from: CustomerRow, to: CustomerRow): Promise<number> {
  if (from.id === to.id)
    throw refused('BAD_REQUEST', 'to', 'households.sameCustomer', 'A customer cannot transfer to themselves');
  const rows = await tx
    .select({
      customerId: householdMembers.customerId,
      householdId: householdMembers.householdId,
      consentedAt: householdMembers.consentedAt,
    })
    .from(householdMembers)
    .where(sql`${householdMembers.customerId} in (${from.id}, ${to.id})`);
  const a = rows.find((r) => r.customerId === from.id);
  const b = rows.find((r) => r.customerId === to.id);
  if (!a || !b || a.householdId !== b.householdId)
    throw refused(
      'NOT_ELIGIBLE',
      'to',
      'households.notSameHousehold',
      'The two customers are not in one household',
    );
  if (!a.consentedAt || !b.consentedAt)
    throw refused(
      'NOT_ELIGIBLE',
      a.consentedAt ? 'to' : 'from',
      'households.noConsent',
      'A member has not consented yet',
    );
  return a.householdId;
}

// ---------------------------------------------------------------------------------------------
// Transfers

export interface TransferRequest {
  from: string;
  to: string;
  /** undefined: all the sender's transferable points (pool to the head); none is NOT_ELIGIBLE. */
  points?: number | undefined;
  note?: string | undefined;
  /** The channel's key and id of the transfer; none: a staff transfer. */
  key?: { channel: string; id: number } | undefined;
  externalId?: string | undefined;
  actorId?: number | undefined;
  createdBy: string;
}

interface TransferRow {
  outcome: string;
  debit_id: string | number | null;
  credit_id: string | number | null;
  from_balance: number | null;
  to_balance: number | null;
  transferable: number | null;
  lot_expires_at: Date | string | null;
}

async function replayOf(tx: Tx, channel: string, externalId: string): Promise<ChannelTransferResult | null> {
  const [row] = rowsOf<{
    id: string | number;
    points: number;
    expires_at: Date | string | null;
    from_balance: number;
    to_balance: number;
  }>(
    await tx.execute(sql`
      select t.id, t.points, t.expires_at, d.balance_after as from_balance, c.balance_after as to_balance
      from household_transfers t
        join ledger_entries d on d.id = t.debit_entry_id
        join ledger_entries c on c.id = t.credit_entry_id
      where coalesce(t.channel, '') = ${channel} and t.external_id = ${externalId}`),
  );
  return row
    ? {
        transferId: Number(row.id),
        points: row.points,
        fromBalance: row.from_balance,
        toBalance: row.to_balance,
        expiresAt: row.expires_at === null ? null : new Date(row.expires_at).toISOString(),
        replayed: true,
      }
    : null;
}

/**
 * Moves points from one member to another (decisions/households.md), in the caller's transaction:
 * a channel's transfer sent again answers the first; then the two customers are locked (lower id
 * first), the household, consent and daily limit checked, and `households_transfer` posts the two
 * ledger entries, refusing a blocked customer, a balance that would fall below zero and points
 * expiring within the policy's days.
 */
export async function transferPoints(tx: Tx, req: TransferRequest): Promise<ChannelTransferResult> {
  const from = await findCustomerByNumber(tx, req.from);
  const to = await findCustomerByNumber(tx, req.to);
  // The sender's row first: transfers from one customer queue here, so the replay, the daily count
  // and the balance are read by one of them at a time.
  await tx.execute(sql`select 1 from customers where id in (${from.id}, ${to.id}) order by id for update`);
  if (req.key && req.externalId) {
    const replay = await replayOf(tx, req.key.channel, req.externalId);
    if (replay) return replay;
  }
  const householdId = await sameHousehold(tx, from, to);
  const perDay = await tunable<number>(tx, 'households.transfersPerDay');
  const [today] = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from household_transfers
      where from_customer_id = ${from.id}
        and created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`),
  );
  if ((today?.n ?? 0) >= perDay)
    throw refused('LIMIT_EXCEEDED', 'from', 'households.dailyLimit', `At most ${perDay} transfers a day`);
  const days = await tunable<number>(tx, 'households.nonTransferableDays');
  const now = new Date();
  const horizon = new Date(now.getTime() + days * DAY_MS);
  const [row] = rowsOf<TransferRow>(
    await tx.execute(sql`select * from households_transfer(${from.id}::bigint, ${to.id}::bigint,
      ${req.points ?? null}::int, ${`transfer ${req.from} → ${req.to}`}::text, ${horizon}::timestamptz,
      ${now}::timestamptz, ${req.note || null}::text, ${req.actorId ?? null}::int,
      ${req.key?.channel ?? null}::text, ${req.key?.id ?? null}::int)`),
  );
  switch (row?.outcome) {
    case 'POSTED':
      break;
    case 'NOT_ACTIVE':
      throw new AppError(
        'CUSTOMER_NOT_ACTIVE',
        'A blocked or closed customer cannot transfer or receive points',
        [{ path: from.status === 'ACTIVE' ? 'to' : 'from', message: 'households.notActive' }],
      );
    case 'INSUFFICIENT_POINTS':
      throw new AppError('INSUFFICIENT_POINTS', `Balance ${row.from_balance} is less than ${req.points}`, [
        { path: 'points', message: 'households.insufficientPoints' },
      ]);
    case 'NOTHING':
      throw refused('NOT_ELIGIBLE', 'from', 'households.nothingToPool', 'No transferable points');
    case 'EXPIRING_POINTS':
      throw refused(
        'NOT_ELIGIBLE',
        'points',
        'households.expiringPoints',
        `Only ${row.transferable} points are transferable: points expiring within ${days} days are not`,
      );
    default:
      throw notFound('Customer');
  }
  const points = req.points ?? row.transferable ?? 0;
  const expiresAt = row.lot_expires_at === null ? null : new Date(row.lot_expires_at);
  const [saved] = await tx
    .insert(householdTransfers)
    .values({
      householdId,
      fromCustomerId: from.id,
      toCustomerId: to.id,
      points,
      channel: req.key?.channel ?? null,
      apiKeyId: req.key?.id ?? null,
      externalId: req.externalId ?? null,
      debitEntryId: Number(row.debit_id),
      creditEntryId: Number(row.credit_id),
      expiresAt,
      createdBy: req.createdBy,
    })
    .returning({ id: householdTransfers.id });
  return {
    transferId: Number(saved?.id),
    points,
    fromBalance: row.from_balance ?? 0,
    toBalance: row.to_balance ?? 0,
    expiresAt: expiresAt?.toISOString() ?? null,
    replayed: false,
  };
}

/**
 * Pools a household to its head (decisions/households.md), in the caller's transaction: each
 * consented, active member's transferable points move to the head as one transfer through
 * transferPoints (same guards: daily limit, expiring points held back, never below zero); a member
 * a guard stops, or with nothing transferable, is skipped with the refusal's message key. The
 * household's row is locked, so two poolings of one household queue. A channel's pooling is
 * idempotent per member: each transfer's id is `<externalId>/<member>`.
 */
export async function poolToHead(
  tx: Tx,
  req: Omit<TransferRequest, 'from' | 'to' | 'points'> & { householdId: number },
): Promise<PoolResult> {
  await findHousehold(tx, req.householdId, true);
  const members = await membersOf(tx, req.householdId);
  const head = members.find((m) => m.role === 'HEAD');
  if (!head) throw notFound('Household');
  if (!head.consentedAt)
    throw refused('NOT_ELIGIBLE', 'id', 'households.noConsent', 'The head has not consented yet');
  if (head.status !== 'ACTIVE')
    throw new AppError('CUSTOMER_NOT_ACTIVE', 'A blocked or closed head cannot receive points', [
      { path: 'id', message: 'households.notActive' },
    ]);
  const result: PoolResult = {
    householdId: req.householdId,
    headNumber: head.customerNumber,
    moved: [],
    skipped: [],
    points: 0,
    headBalance: head.balance,
  };
  for (const m of members) {
    if (m === head) continue;
    try {
      const moved = await transferPoints(tx, {
        ...req,
        from: m.customerNumber,
        to: head.customerNumber,
        externalId: req.externalId === undefined ? undefined : `${req.externalId}/${m.customerNumber}`,
      });
      result.moved.push({
        from: m.customerNumber,
        points: moved.points,
        transferId: moved.transferId,
        replayed: moved.replayed,
      });
      if (!moved.replayed) result.points += moved.points;
      result.headBalance = moved.toBalance;
    } catch (err) {
      // The guards refuse before anything is written: the transaction stays usable.
      if (!(err instanceof AppError) || err.code === 'INTERNAL') throw err;
      result.skipped.push({ customerNumber: m.customerNumber, reason: err.errors?.[0]?.message ?? err.code });
    }
  }
  const [now] = await tx
    .select({ balance: customers.balance })
    .from(customers)
    .where(eq(customers.id, head.customerId));
  result.headBalance = now?.balance ?? result.headBalance;
  return result;
}

// ---------------------------------------------------------------------------------------------
// Commands

const makerName = (actor: Actor, onBehalfOf?: { username: string }) => onBehalfOf?.username ?? actor.username;

/** A channel command is granted by the key's scope that grants the command named here. */
const scopeOf = (command: string) => ({
  approvable: false,
  audited: false,
  authorize: async (actor: Actor) => actor.apiKey !== undefined && actor.permissions.has(command),
});

export const householdHandlers = [
  defineHandler(
    householdCommands.create,
    async ({ tx, actor, onBehalfOf }, { name, headNumber }) => {
      const head = await findCustomerByNumber(tx, headNumber);
      await assertNotInHousehold(tx, head);
      const [row] = await tx
        .insert(households)
        .values({ name, headCustomerId: head.id, createdBy: makerName(actor, onBehalfOf) })
        .returning();
      if (!row) throw new AppError('INTERNAL');
      await tx.insert(householdMembers).values({ householdId: row.id, customerId: head.id, role: 'HEAD' });
      return {
        result: await getHousehold(tx, row.id),
        targetType: 'household',
        targetId: row.id,
        after: { name, headNumber },
      };
    },
    { recordKey: (input) => input.headNumber },
  ),
  defineHandler(householdCommands.addMember, async ({ tx }, { id, customerNumber }) => {
    await findHousehold(tx, id, true);
    const customer = await findCustomerByNumber(tx, customerNumber);
    await assertNotInHousehold(tx, customer);
    const before = await membersOf(tx, id);
    const max = await tunable<number>(tx, 'households.maxMembers');
    if (before.length >= max)
      throw refused(
        'LIMIT_EXCEEDED',
        'customerNumber',
        'households.full',
        `A household has at most ${max} members`,
      );
    await tx.insert(householdMembers).values({ householdId: id, customerId: customer.id, role: 'MEMBER' });
    return {
      result: await getHousehold(tx, id),
      targetType: 'household',
      targetId: id,
      before: { members: before.map((m) => m.customerNumber) },
      after: { members: [...before.map((m) => m.customerNumber), customerNumber] },
    };
  }),
  defineHandler(householdCommands.removeMember, async ({ tx }, { id, customerNumber }) => {
    await findHousehold(tx, id, true);
    const customer = await findCustomerByNumber(tx, customerNumber);
    const before = await membersOf(tx, id);
    const member = before.find((m) => m.customerId === customer.id);
    if (!member) throw notFound('Member');
    if (member.role === 'HEAD')
      throw refused(
        'CONFLICT',
        'customerNumber',
        'households.headStays',
        'The head cannot leave the household',
      );
    await tx
      .delete(householdMembers)
      .where(and(eq(householdMembers.householdId, id), eq(householdMembers.customerId, customer.id)));
    return {
      result: await getHousehold(tx, id),
      targetType: 'household',
      targetId: id,
      before: { members: before.map((m) => m.customerNumber) },
      after: { members: before.filter((m) => m !== member).map((m) => m.customerNumber) },
    };
  }),
  defineHandler(
    householdCommands.transfer,
    async ({ tx, actor, onBehalfOf }, input) => {
      const result = await transferPoints(tx, {
        ...input,
        actorId: onBehalfOf?.userId ?? actor.userId,
        createdBy: makerName(actor, onBehalfOf),
      });
      return {
        result,
        targetType: 'householdTransfer',
        targetId: result.transferId,
        after: { from: input.from, to: input.to, points: input.points, note: input.note },
      };
    },
    // Points leave one customer for another: a second person approves, until staff turn it off.
    { approvalByDefault: true, recordKey: (input) => `${input.from}→${input.to}` },
  ),
  defineHandler(
    householdCommands.pool,
    async ({ tx, actor, onBehalfOf }, { id, note }) => {
      const result = await poolToHead(tx, {
        householdId: id,
        note,
        actorId: onBehalfOf?.userId ?? actor.userId,
        createdBy: makerName(actor, onBehalfOf),
      });
      return {
        result,
        targetType: 'household',
        targetId: id,
        after: { pooledTo: result.headNumber, points: result.points, moved: result.moved.length },
      };
    },
    // As a transfer: points leave customers, a second person approves until staff turn it off.
    { approvalByDefault: true },
  ),
  defineHandler(
    householdChannelCommands.consent,
    async ({ tx, actor }, { customerNumber }) => {
      const customer = await findCustomerByNumber(tx, customerNumber);
      const [row] = await tx
        .update(householdMembers)
        .set({
          consentedAt: sql`coalesce(${householdMembers.consentedAt}, now())`,
          consentChannel: sql`coalesce(${householdMembers.consentChannel}, ${actor.apiKey?.channel ?? null})`,
        })
        .where(eq(householdMembers.customerId, customer.id))
        .returning();
      if (!row?.consentedAt)
        throw refused(
          'NOT_ELIGIBLE',
          'customerNumber',
          'households.notMember',
          'The customer is in no household',
        );
      return {
        result: { householdId: row.householdId, customerNumber, consentedAt: row.consentedAt.toISOString() },
        targetType: 'household',
        targetId: row.householdId,
      };
    },
    scopeOf(channelCommands.upsertCustomer.name),
  ),
  defineHandler(
    householdChannelCommands.transfer,
    async ({ tx, actor }, input) => {
      if (!actor.apiKey) throw new AppError('FORBIDDEN', 'Channel commands are for API keys');
      const result = await transferPoints(tx, {
        ...input,
        key: actor.apiKey,
        createdBy: actor.username,
      });
      return { result, targetType: 'householdTransfer', targetId: result.transferId };
    },
    scopeOf(channelCommands.postTransaction.name),
  ),
  defineHandler(
    householdChannelCommands.pool,
    async ({ tx, actor }, { customerNumber, externalId }) => {
      if (!actor.apiKey) throw new AppError('FORBIDDEN', 'Channel commands are for API keys');
      const customer = await findCustomerByNumber(tx, customerNumber);
      const [member] = await tx
        .select()
        .from(householdMembers)
        .where(eq(householdMembers.customerId, customer.id));
      if (member?.role !== 'HEAD')
        throw refused(
          'NOT_ELIGIBLE',
          'customerNumber',
          'households.notHead',
          'Only the head of a household pools it',
        );
      const result = await poolToHead(tx, {
        householdId: member.householdId,
        key: actor.apiKey,
        externalId,
        createdBy: actor.username,
      });
      return { result, targetType: 'household', targetId: member.householdId };
    },
    scopeOf(channelCommands.postTransaction.name),
  ),
];
