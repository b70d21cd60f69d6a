import { z } from 'zod';
import { command } from '../commands.ts';

export const loginInput = z.object({
  username: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(256),
  visitorId: z.string().max(128).optional(),
});
export type LoginInput = z.infer<typeof loginInput>;

export const tokenResponse = z.object({
  accessToken: z.string(),
  expiresIn: z.number().int().describe('Seconds until the access token expires'),
  tokenType: z.literal('Bearer'),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

export const meResponse = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  role: z.string(),
  permissions: z.array(z.string()),
});
export type Me = z.infer<typeof meResponse>;

/** Role code of the signed-in user sits at this index of `realm_access.roles` (spec §4). */
export const ROLE_CLAIM_INDEX = 2;

/** Sign-in and sign-out are audited under these names (they are not permission-gated). */
export const authCommands = {
  login: command('auth.login', loginInput, 'Sign in'),
  logout: command('auth.logout', z.object({}), 'Sign out'),
};
