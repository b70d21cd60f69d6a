import { z } from 'zod';
import { command, type ReadPermission } from '../commands.ts';

/** What a password must be (PRODUCT §3.6); enforced on every password change. */
export const credentialPolicyFields = z
  .object({
    minLength: z.number().int().min(8).max(64),
    maxLength: z.number().int().min(16).max(256),
    requireUppercase: z.boolean(),
    requireLowercase: z.boolean(),
    requireDigit: z.boolean(),
    requireSymbol: z.boolean(),
    /** The new password may not equal any of the last N (the current one included); 0 = off. */
    historyCount: z.number().int().min(0).max(24),
    rejectUsername: z.boolean(),
    /** Refuse passwords on the shipped list of common passwords. */
    rejectCommon: z.boolean(),
  })
  .refine((p) => p.minLength <= p.maxLength, { error: 'maxBelowMin', path: ['maxLength'] });
export type CredentialPolicyInput = z.infer<typeof credentialPolicyFields>;

export const credentialPresetNames = ['PCI_DSS', 'NIST_ASVS'] as const;
export type CredentialPresetName = (typeof credentialPresetNames)[number];

/**
 * PCI DSS v4.0 req. 8.3.6/8.3.7: at least 12 characters with letters and digits (we ask for both
 * cases), not one of the last four. NIST SP 800-63B / OWASP ASVS 4 V2.1: at least 12, at least 64
 * allowed, no composition rules and no history, but checked against common passwords.
 */
export const credentialPresets: Record<CredentialPresetName, CredentialPolicyInput> = {
  PCI_DSS: {
    minLength: 12,
    maxLength: 128,
    requireUppercase: true,
    requireLowercase: true,
    requireDigit: true,
    requireSymbol: false,
    historyCount: 4,
    rejectUsername: true,
    rejectCommon: true,
  },
  NIST_ASVS: {
    minLength: 12,
    maxLength: 128,
    requireUppercase: false,
    requireLowercase: false,
    requireDigit: false,
    requireSymbol: false,
    historyCount: 0,
    rejectUsername: true,
    rejectCommon: true,
  },
};

/** The preset a policy equals, or CUSTOM. */
export function presetOf(policy: CredentialPolicyInput): CredentialPresetName | 'CUSTOM' {
  const same = (p: CredentialPolicyInput) =>
    (Object.keys(p) as (keyof CredentialPolicyInput)[]).every((k) => p[k] === policy[k]);
  return credentialPresetNames.find((name) => same(credentialPresets[name])) ?? 'CUSTOM';
}

export const credentialPolicySchema = credentialPolicyFields.safeExtend({
  preset: z.enum([...credentialPresetNames, 'CUSTOM']),
  updatedAt: z.string(),
});
export type CredentialPolicy = z.infer<typeof credentialPolicySchema>;

/** Why a password is refused; the web shows `security.passwordRule.<rule>`. */
export const passwordRules = [
  'minLength',
  'maxLength',
  'uppercase',
  'lowercase',
  'digit',
  'symbol',
  'username',
  'common',
  'history',
] as const;
export type PasswordRule = (typeof passwordRules)[number];

/**
 * The rules a password breaks that can be checked anywhere (the web shows them as the user
 * types); the server adds the common-password list and the history. Length counts characters
 * (code points), not bytes.
 */
export function passwordRuleViolations(
  policy: CredentialPolicyInput,
  password: string,
  username?: string,
): PasswordRule[] {
  const length = [...password].length;
  const broken: PasswordRule[] = [];
  if (length < policy.minLength) broken.push('minLength');
  if (length > policy.maxLength) broken.push('maxLength');
  if (policy.requireUppercase && !/\p{Lu}/u.test(password)) broken.push('uppercase');
  if (policy.requireLowercase && !/\p{Ll}/u.test(password)) broken.push('lowercase');
  if (policy.requireDigit && !/\p{Nd}/u.test(password)) broken.push('digit');
  if (policy.requireSymbol && !/[^\p{L}\p{Nd}]/u.test(password)) broken.push('symbol');
  if (policy.rejectUsername && username && username.length >= 3) {
    if (password.toLowerCase().includes(username.toLowerCase())) broken.push('username');
  }
  return broken;
}

export const credentialPolicyCommands = {
  update: command('credentialPolicy.update', credentialPolicyFields, 'Change the credential policy'),
};
export const credentialPolicyRead: ReadPermission = {
  code: 'credentialPolicy.read',
  summary: 'View the credential policy',
};
