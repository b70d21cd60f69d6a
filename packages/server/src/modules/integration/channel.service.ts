import { type ApiKeyScope, channelCommands, consentCommands } from '@loyalty/contracts';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { defineHandler } from '../../platform/commands.ts';
import { findCustomerByNumber, upsertCustomer } from '../customers/customers.service.ts';
import { assertCustomerFeature } from '../identity/index.ts';
import { nextExpiry } from '../loyalty/ledger.service.ts';
import { programme } from '../loyalty/programme.ts';
import { postTransaction, reverseEarning } from '../loyalty/transactions.service.ts';
import { markRead, receiveMessage } from '../messaging/messages.service.ts';
import { redeemVoucher } from '../rewards/redemptions.service.ts';
import type { VerifiedKey } from './apiKeys.service.ts';

/** The commands each scope grants. */
const scopeCommands: Record<ApiKeyScope, string[]> = {
  customers: [channelCommands.upsertCustomer.name],
  transactions: [channelCommands.postTransaction.name, channelCommands.reverseTransaction.name],
  balance: [],
  redemptions: [channelCommands.redeem.name],
  messages: [channelCommands.postMessage.name, channelCommands.readMessage.name],
  content: [consentCommands.record.name],
};

/** A key acting on the integration API: audited as `apikey:<name>`, permitted what its scopes grant. */
export function channelActor(key: VerifiedKey, req: { ip: string; id: string }): Actor {
  return {
    userId: 0,
    username: `apikey:${key.name}`,
    role: 'INTEGRATION',
    permissions: new Set([...key.scopes].flatMap((s) => scopeCommands[s])),
    sessionId: `apikey:${key.id}`,
    ip: req.ip,
    visitorId: undefined,
    requestId: req.id,
  };
}

/** How long an enabled customer-app feature is trusted before it is read again. */
const FEATURE_TTL_MS = 1_000;
const featureOkUntil = new Map<string, number>();

/**
 * The customer-app features (`customer_permissions`: earn, redeem, balance) the integration API
 * enforces, through the identity module; an enabled feature is remembered for a second so a
 * posting does not pay a query for it (a disabled one is read, and refused, every time).
 */
export async function assertChannelFeature(db: Executor, code: 'earn' | 'redeem' | 'balance') {
  if ((featureOkUntil.get(code) ?? 0) > Date.now()) return;
  await assertCustomerFeature(db, code);
  featureOkUntil.set(code, Date.now() + FEATURE_TTL_MS);
}

/** Channel postings never wait for approval, and their record is the ledger (see `audited`). */
const channel = { approvable: false, audited: false } as const;
/** An earning is one statement, its own transaction (see `transaction` and postTransaction). */
const oneStatement = { ...channel, transaction: false } as const;

export const channelHandlers = [
  defineHandler(
    channelCommands.upsertCustomer,
    async ({ tx }, { customerNumber, ...profile }) => {
      const { customer, created } = await upsertCustomer(tx, customerNumber, profile);
      return {
        result: { customer, created },
        targetType: 'customer',
        targetId: customer.id,
        after: { customerNumber, ...profile },
      };
    },
    channel,
  ),
  defineHandler(
    channelCommands.postTransaction,
    async ({ db }, input) => {
      await assertChannelFeature(db, 'earn');
      const result = await postTransaction(db, input);
      return {
        result,
        targetType: 'ledgerEntry',
        targetId: result.entryId,
        after: {
          externalId: input.externalId,
          pointsAwarded: result.pointsAwarded,
          replayed: result.replayed,
        },
      };
    },
    oneStatement,
  ),
  defineHandler(
    channelCommands.reverseTransaction,
    async ({ tx }, { externalId }) => {
      const result = await reverseEarning(tx, { externalId });
      return {
        result,
        targetType: 'ledgerEntry',
        targetId: result.entryId,
        after: { externalId, ...result },
      };
    },
    channel,
  ),
  defineHandler(
    channelCommands.redeem,
    async ({ tx, actor }, { customerNumber, voucherId, externalId }) => {
      await assertChannelFeature(tx, 'redeem');
      const customer = await findCustomerByNumber(tx, customerNumber);
      const result = await redeemVoucher(tx, {
        customerId: customer.id,
        voucherId,
        externalId,
        channel: actor.username.replace(/^apikey:/, ''),
      });
      return {
        result,
        targetType: 'redemption',
        targetId: result.redemptionId,
        after: { externalId, voucherId },
      };
    },
    channel,
  ),
  defineHandler(
    channelCommands.postMessage,
    async ({ tx }, input) => {
      await assertCustomerFeature(tx, 'messages');
      const result = await receiveMessage(tx, input);
      return { result, targetType: 'message', targetId: result.messageId };
    },
    channel,
  ),
  defineHandler(
    channelCommands.readMessage,
    async ({ tx }, { customerNumber, entryId }) => {
      await assertCustomerFeature(tx, 'messages');
      return {
        result: await markRead(tx, customerNumber, entryId),
        targetType: 'messageEntry',
        targetId: entryId,
      };
    },
    channel,
  ),
];

export async function balanceOf(db: Executor, customerNumber: string) {
  await assertChannelFeature(db, 'balance');
  const prog = await programme(db);
  const c = await findCustomerByNumber(db, customerNumber);
  return {
    customerNumber: c.customerNumber,
    status: c.status,
    balance: c.balance,
    lifetimePoints: c.lifetimePoints,
    tier: c.tierId === null ? null : (prog.tiersById.get(c.tierId)?.name ?? null),
    expiringPoints: await nextExpiry(db, c.id),
  };
}
