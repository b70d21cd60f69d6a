import { z } from 'zod';
import { arabicText } from '../bilingual.ts';
import { command, type ReadPermission } from '../commands.ts';
import { idInput, idSchema, text, timestamps } from '../common.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';

export const recordStatuses = ['ACTIVE', 'DISABLED'] as const;
export type RecordStatus = (typeof recordStatuses)[number];
export const recordStatus = z.enum(recordStatuses);

export const usernameSchema = z
  .string()
  .trim()
  .min(3)
  .max(100)
  .regex(/^[A-Za-z0-9._@-]+$/, 'usernameCharacters');

const mobileNumber = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 ()-]{5,19}$/, 'mobileFormat');

/** What an administrator fills in for a staff member. Admins never set or see a password. */
export const userFields = z.object({
  username: usernameSchema,
  fullName: text(200).min(1),
  /** The name in Arabic script; empty: screens show the English one. */
  fullNameAr: arabicText(200),
  email: z.email().max(254),
  /** A number or null (none): '' is refused like any other text its pattern forbids (issue 48). */
  mobile: mobileNumber.nullable().optional(),
  roleId: idSchema,
  status: recordStatus,
});
export type UserInput = z.input<typeof userFields>;

/** The username is the audit trail's name for a person: it is not edited. */
export const userUpdateFields = userFields.omit({ username: true });
export const userUpdateInput = userUpdateFields.extend(idInput.shape);

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  fullNameAr: z.string(),
  email: z.string().nullable(),
  pendingEmail: z
    .string()
    .nullable()
    .describe('A new address waiting for its owner to confirm it; `email` stays in use until then'),
  mobile: z.string().nullable(),
  roleId: z.number().int(),
  roleName: z.string(),
  roleNameAr: z.string(),
  status: recordStatus,
  locked: z.boolean().describe('Locked by failed sign-ins (until lockedUntil, or until unlocked when null)'),
  lockedUntil: z.string().nullable(),
  failedAttempts: z.number().int(),
  secondFactorEnrolled: z.boolean(),
  mustChangePassword: z.boolean(),
  passwordChangedAt: z.string(),
  lastLoginAt: z.string().nullable(),
  ...timestamps,
});
export type User = z.infer<typeof userSchema>;

export const userSortFields = ['username', 'fullName', 'lastLoginAt', 'createdAt'] as const;
export const userListQuery = listQuerySchema(userSortFields, {
  status: recordStatus.optional(),
  roleId: idSchema.optional(),
});
export type UserListQuery = z.output<typeof userListQuery>;
export const userPage = pageSchema(userSchema);

/** A sign-in session as staff see it (their own on `admin`, anyone's on the user screen). */
export const sessionSchema = z.object({
  id: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  visitorId: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionSchema>;

export const userCommands = {
  create: command('user.create', userFields, 'Create a staff user (e-mails an invitation to set a password)'),
  update: command('user.update', userUpdateInput, 'Update a staff user (disabling ends their sessions)'),
  unlock: command('user.unlock', idInput, 'Unlock a staff user locked by failed sign-ins'),
  resetSecondFactor: command(
    'user.resetSecondFactor',
    idInput,
    'Reset the second factor of a staff user (ends their sessions)',
  ),
  resetPassword: command(
    'user.resetPassword',
    idInput,
    'Start a password reset for a staff user (e-mails a single-use link, ends their sessions)',
  ),
  endSessions: command('user.endSessions', idInput, 'End every session of a staff user'),
};
export const userRead: ReadPermission = { code: 'user.read', summary: 'View staff users and their sessions' };

export const userResource = defineResource({
  name: 'users',
  area: 'identity',
  tag: 'Identity: users',
  item: userSchema,
  page: userPage,
  query: userListQuery,
  sortFields: userSortFields,
  read: userRead,
  commands: userCommands,
  screens: {
    list: { path: 'employee/users', label: 'users' },
    create: { path: 'employee/create-user', label: 'createUser' },
    edit: { path: 'employee/edit-user/:id', label: 'editUser' },
  },
  menu: { group: 'employeesCustomers' },
});
