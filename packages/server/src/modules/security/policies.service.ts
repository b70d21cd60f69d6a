import {
  type CredentialPolicy,
  credentialPolicyCommands,
  presetOf,
  type SecurityPolicy,
  securityPolicyCommands,
} from '@loyalty/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { credentialPolicy, securityPolicy } from '../../db/schema/index.ts';
import { credentialPolicyOf, securityPolicyOf } from '../../platform/auth/policies.ts';
import { defineSecuredHandler } from '../../platform/auth/step-up.ts';

/** The two single-row policies: the credential policy and the session security policy. */

export async function getCredentialPolicy(db: Executor): Promise<CredentialPolicy> {
  const { id: _id, updatedAt, ...policy } = await credentialPolicyOf(db);
  return { ...policy, preset: presetOf(policy), updatedAt: updatedAt.toISOString() };
}

export async function getSecurityPolicy(db: Executor): Promise<SecurityPolicy> {
  const { id: _id, updatedAt, ...policy } = await securityPolicyOf(db);
  return { ...policy, updatedAt: updatedAt.toISOString() };
}

export const policyHandlers = [
  defineSecuredHandler(credentialPolicyCommands.update, async ({ tx }, input) => {
    const before = await getCredentialPolicy(tx);
    await tx
      .update(credentialPolicy)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(credentialPolicy.id, 1));
    const after = await getCredentialPolicy(tx);
    return { result: after, targetType: 'credentialPolicy', targetId: 1, before, after };
  }),
  defineSecuredHandler(securityPolicyCommands.update, async ({ tx }, input) => {
    const before = await getSecurityPolicy(tx);
    await tx
      .update(securityPolicy)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(securityPolicy.id, 1));
    const after = await getSecurityPolicy(tx);
    return { result: after, targetType: 'securityPolicy', targetId: 1, before, after };
  }),
];
