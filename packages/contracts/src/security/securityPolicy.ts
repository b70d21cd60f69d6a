import { z } from 'zod';
import { command, type ReadPermission } from '../commands.ts';

/** Session rules the sign-in code reads from the database on every sign-in, refresh and request. */
export const securityPolicyFields = z
  .object({
    accessTokenMinutes: z.number().int().min(1).max(60),
    idleTimeoutMinutes: z.number().int().min(1).max(480),
    sessionLifeHours: z.number().int().min(1).max(168),
    maxConcurrentSessions: z.number().int().min(1).max(20),
  })
  .refine((p) => p.idleTimeoutMinutes <= p.sessionLifeHours * 60, {
    error: 'idleWithinSession',
    path: ['idleTimeoutMinutes'],
  });
export type SecurityPolicyInput = z.infer<typeof securityPolicyFields>;

export const securityPolicySchema = securityPolicyFields.safeExtend({ updatedAt: z.string() });
export type SecurityPolicy = z.infer<typeof securityPolicySchema>;

export const securityPolicyCommands = {
  update: command('securityPolicy.update', securityPolicyFields, 'Change the session security policy'),
};
export const securityPolicyRead: ReadPermission = {
  code: 'securityPolicy.read',
  summary: 'View the session security policy',
};
