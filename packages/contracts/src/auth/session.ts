import { z } from 'zod';
import { command } from '../commands.ts';
import { rawText, text } from '../common.ts';

export const loginInput = z.object({
  username: text(100).min(1),
  password: rawText(256).min(1),
  visitorId: text(128).optional(),
});
export type LoginInput = z.infer<typeof loginInput>;

export const tokenResponse = z.object({
  accessToken: z.string(),
  expiresIn: z.number().int().describe('Seconds until the access token expires'),
  tokenType: z.literal('Bearer'),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

/** A sign-in step still to do: the challenge token carries the sign-in to the next call. */
export const challengeSteps = ['TOTP', 'TOTP_ENROL', 'PASSWORD_CHANGE'] as const;
export type ChallengeStep = (typeof challengeSteps)[number];
export const passwordChangeReasons = ['FIRST_SIGN_IN', 'RESET', 'EXPIRED'] as const;

export const challengeResponse = z.object({
  challenge: z.string(),
  next: z.enum(challengeSteps),
  reason: z.enum(passwordChangeReasons).optional().describe('Why a password change is required'),
  expiresIn: z.number().int().describe('Seconds the challenge stays valid'),
});
export type ChallengeResponse = z.infer<typeof challengeResponse>;

/** Sign-in answers a token, or the next step (second factor, enrolment, forced password change). */
export const loginResponse = z.union([tokenResponse, challengeResponse]);
export type LoginResponse = z.infer<typeof loginResponse>;
export const isChallenge = (r: LoginResponse): r is ChallengeResponse => 'challenge' in r;

const password = rawText(256).min(1);
const otpCode = text(20).min(6).describe('A 6-digit TOTP code or a recovery code');

export const secondFactorInput = z.object({ challenge: rawText(4096).min(1), code: otpCode });
export const challengeInput = z.object({ challenge: rawText(4096).min(1) });
export const challengePasswordInput = z.object({
  challenge: rawText(4096).min(1),
  currentPassword: password,
  newPassword: password,
});
export const changePasswordInput = z.object({ currentPassword: password, newPassword: password });
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;
export const forgotPasswordInput = z.object({
  username: text(254).min(1).describe('Username or e-mail address'),
});
const linkToken = rawText(200).min(20);
export const resetPasswordInput = z.object({ token: linkToken, newPassword: password });
/** An e-mailed confirmation link's token (`/verify-email?token=…`). */
export const tokenInput = z.object({ token: linkToken });
export const codeInput = z.object({ code: otpCode });
/**
 * Confirming one's own enrolment from a session: the first code of the new authenticator and the
 * current password, so a session alone (a stolen one) cannot give itself a second factor.
 */
export const enrolSecondFactorInput = z.object({
  code: otpCode,
  password: password.describe('The current password'),
});
export type EnrolSecondFactorInput = z.infer<typeof enrolSecondFactorInput>;

/** A TOTP secret to enrol: scan the QR code (an SVG data URL) or type the secret. */
export const totpEnrolment = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  qrCode: z.string().describe('data:image/svg+xml URL of the otpauth URI'),
});
export type TotpEnrolment = z.infer<typeof totpEnrolment>;
export const recoveryCodesResponse = z.object({
  recoveryCodes: z.array(z.string()).describe('Shown once; each works once instead of a TOTP code'),
});
export const enrolConfirmResponse = recoveryCodesResponse.extend({ result: loginResponse });

export const meResponse = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  /** The name in Arabic script; empty: not given (screens show fullName). */
  fullNameAr: z.string().optional(),
  email: z.string().nullable(),
  mobile: z.string().nullable().optional(),
  role: z.string(),
  /** The role's name in English and Arabic. */
  roleName: z.string().optional(),
  roleNameAr: z.string().optional(),
  permissions: z.array(z.string()),
  secondFactorEnrolled: z.boolean().optional(),
  /** When the password expires under the EXPIRY setting; null when passwords do not expire. */
  passwordExpiresAt: z.string().nullable().optional(),
  passwordExpiringSoon: z.boolean().optional(),
  /** The client marks the session timed out after this long without activity. */
  idleTimeoutSeconds: z.number().int().optional(),
  /** Staff settings (UserConfigurations): the lists' default page size; null: the app's own. */
  pageSize: z.number().int().nullable().optional(),
  /** Staff settings: the app's language when the user chose none (no `?lang=` at sign-in). */
  defaultLanguage: z.enum(['en', 'ar']).optional(),
});
export type Me = z.infer<typeof meResponse>;

/** Role code of the signed-in user sits at this index of `realm_access.roles` (spec §4). */
export const ROLE_CLAIM_INDEX = 2;

/** The built-in role that holds every permission. (Here, not in permissions.ts, so the web app's
 * session code does not pull in the whole permission catalogue.) */
export const SUPER_ADMIN_ROLE = 'SUPER_ADMIN';

/** Sign-in and sign-out are audited under these names (they are not permission-gated). */
export const authCommands = {
  login: command('auth.login', loginInput, 'Sign in'),
  logout: command('auth.logout', z.object({}), 'Sign out'),
  secondFactor: command('auth.secondFactor', secondFactorInput, 'Second factor at sign-in'),
  enrolSecondFactor: command('auth.enrolSecondFactor', codeInput, 'Enrol a TOTP second factor'),
  stepUp: command('auth.stepUp', codeInput, 'Second factor for a protected operation'),
  changePassword: command('auth.changePassword', changePasswordInput, 'Change own password'),
  forgotPassword: command('auth.forgotPassword', forgotPasswordInput, 'Ask for a password reset link'),
  resetPassword: command('auth.resetPassword', resetPasswordInput, 'Set a password from a reset link'),
  endSession: command('auth.endSession', z.object({}), 'End one of own sessions'),
  lock: command('auth.lock', z.object({}), 'Account locked by failed sign-ins'),
  verifyEmail: command('auth.verifyEmail', tokenInput, 'Confirm a new e-mail address from its link'),
};
