import {
  type ApiKeyScope,
  channelCommands,
  consentCommands,
  customerLanguage,
  importReceiveCommand,
  localName,
} from '@loyalty/contracts';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { redemptions } from '../../db/schema/index.ts';
import type { Actor, ChannelKey } from '../../platform/access.ts';
import { defineHandler } from '../../platform/commands.ts';
import { AppError } from '../../platform/errors.ts';
import {
  assertBusinessMayRedeem,
  assertEligible,
  businessRules,
  countUse,
  criteriaFor,
  serviceLimit,
} from '../configuration/index.ts';
import { findCustomerByNumber, upsertCustomer } from '../customers/index.ts';
import { nextExpiry, postTransaction, programme, reverseEarning } from '../loyalty/index.ts';
import { markRead, receiveMessage } from '../messaging/index.ts';
import { enrolReferral } from '../referrals/index.ts';
import { redeemVoucher } from '../rewards/index.ts';
import type { VerifiedKey } from './apiKeys.service.ts';

/** The commands each scope grants. */
const scopeCommands: Record<ApiKeyScope, string[]> = {
  customers: [channelCommands.upsertCustomer.name],
  transactions: [channelCommands.postTransaction.name, channelCommands.reverseTransaction.name],
  balance: [],
  redemptions: [channelCommands.redeem.name],
  messages: [channelCommands.postMessage.name, channelCommands.readMessage.name],
  content: [consentCommands.record.name],
  imports: [importReceiveCommand.name],
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
    apiKey: { id: key.id, channel: key.channel },
  };
}

/** The calling key, which every channel command has (channelActor). */
function keyOf(actor: Actor): ChannelKey {
  if (!actor.apiKey) throw new AppError('FORBIDDEN', 'Channel commands are for API keys');
  return actor.apiKey;
}

/** Channel postings never wait for approval, and their record is the ledger (see `audited`). */
const channel = { approvable: false, audited: false } as const;
/** An earning is one statement, its own transaction (see `transaction` and postTransaction). */
const oneStatement = { ...channel, transaction: false } as const;

export const channelHandlers = [
  defineHandler(
    channelCommands.upsertCustomer,
    async ({ tx }, { customerNumber, referralCode, deviceId, ...profile }) => {
      const { customer, created } = await upsertCustomer(tx, customerNumber, profile);
      // A new customer must meet the enrol criteria (a refusal rolls the creation back).
      if (created) await assertEligible(tx, customer.id, 'ENROL');
      await enrolReferral(tx, customer, created, { referralCode, deviceId });
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
    async ({ db, actor }, input) => {
      // The earn service's daily limits and the earn criteria are checked by the earning's own statement.
      const result = await postTransaction(db, input, undefined, {
        key: keyOf(actor),
        limit: await serviceLimit(db, 'earn'),
        criteria: await criteriaFor(db, 'EARN'),
        business: await businessRules(db),
      });
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
    async ({ tx, actor }, { externalId }) => {
      const result = await reverseEarning(tx, { externalId, channel: keyOf(actor).channel });
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
      const customer = await findCustomerByNumber(tx, customerNumber);
      const key = keyOf(actor);
      // A repeat answers the first redemption (redeemVoucher): it is not checked or counted again.
      const repeat =
        (
          await tx
            .select({ id: redemptions.id })
            .from(redemptions)
            .where(and(eq(redemptions.channel, key.channel), eq(redemptions.externalId, externalId)))
        ).length > 0;
      if (!repeat) {
        await assertEligible(tx, customer.id, 'REDEEM');
        await assertBusinessMayRedeem(tx, customer.segment);
      }
      const limit = repeat ? undefined : await serviceLimit(tx, 'redeem-voucher');
      const result = await redeemVoucher(tx, {
        customerId: customer.id,
        voucherId,
        externalId,
        channel: key.channel,
        apiKeyId: key.id,
      });
      // Counted after the redemption, with the points it spent: over the limit, all of it rolls back.
      if (limit) await countUse(tx, 'redeem-voucher', customer.id, result.pointsSpent, limit);
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
      const result = await receiveMessage(tx, input);
      const limit = await serviceLimit(tx, 'send-message');
      if (limit && !result.replayed) {
        const customer = await findCustomerByNumber(tx, input.customerNumber);
        await countUse(tx, 'send-message', customer.id, 0, limit);
      }
      return { result, targetType: 'message', targetId: result.messageId };
    },
    channel,
  ),
  defineHandler(
    channelCommands.readMessage,
    async ({ tx }, { customerNumber, entryId }) => {
      return {
        result: await markRead(tx, customerNumber, entryId),
        targetType: 'messageEntry',
        targetId: entryId,
      };
    },
    channel,
  ),
];

/**
 * A customer's balance; the tier's name is in the language the caller asks for
 * (`Accept-Language`), else the customer's own.
 */
export async function balanceOf(db: Executor, customerNumber: string, acceptLanguage?: string) {
  const prog = await programme(db);
  const c = await findCustomerByNumber(db, customerNumber);
  const tier = c.tierId === null ? undefined : prog.tiersById.get(c.tierId);
  return {
    customerNumber: c.customerNumber,
    status: c.status,
    balance: c.balance,
    lifetimePoints: c.lifetimePoints,
    tier: tier ? localName(tier, customerLanguage(acceptLanguage, c.language)) : null,
    expiringPoints: await nextExpiry(db, c.id),
  };
}
