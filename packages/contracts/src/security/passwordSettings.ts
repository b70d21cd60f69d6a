import { z } from 'zod';
import { command, type ReadPermission } from '../commands.ts';
import { idInput, timestamps } from '../common.ts';
import { recordStatus } from '../identity/users.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';

export const userTypes = ['EMPLOYEE', 'CUSTOMER'] as const;
export type UserType = (typeof userTypes)[number];
export const userType = z.enum(userTypes);

export const passwordSettingModes = ['LOCK', 'EXPIRY'] as const;
export type PasswordSettingMode = (typeof passwordSettingModes)[number];

const count = (min: number, max: number) => z.number().int().min(min).max(max).nullable().optional();

/**
 * One setting per user type and mode. LOCK: lock after `maxFailures` failed sign-ins for
 * `lockMinutes` (null: until an administrator unlocks). EXPIRY: a password expires
 * `expiryDays` after it was set, with a warning `warnDays` before.
 */
export const passwordSettingFields = z
  .object({
    userType,
    mode: z.enum(passwordSettingModes),
    maxFailures: count(1, 20),
    lockMinutes: count(1, 10_080),
    expiryDays: count(1, 730),
    warnDays: count(0, 90),
    status: recordStatus,
  })
  .superRefine((s, ctx) => {
    const need = (field: 'maxFailures' | 'expiryDays' | 'warnDays') => {
      if (s[field] === undefined || s[field] === null)
        ctx.addIssue({ code: 'custom', path: [field], message: 'required' });
    };
    if (s.mode === 'LOCK') need('maxFailures');
    if (s.mode === 'EXPIRY') {
      need('expiryDays');
      need('warnDays');
      if (s.expiryDays != null && s.warnDays != null && s.warnDays >= s.expiryDays) {
        ctx.addIssue({ code: 'custom', path: ['warnDays'], message: 'warnBeforeExpiry' });
      }
    }
  });
export type PasswordSettingInput = z.input<typeof passwordSettingFields>;
export const passwordSettingUpdateInput = passwordSettingFields.safeExtend(idInput.shape);

export const passwordSettingSchema = z.object({
  id: z.number().int(),
  userType,
  mode: z.enum(passwordSettingModes),
  maxFailures: z.number().int().nullable(),
  lockMinutes: z.number().int().nullable(),
  expiryDays: z.number().int().nullable(),
  warnDays: z.number().int().nullable(),
  status: recordStatus,
  ...timestamps,
});
export type PasswordSetting = z.infer<typeof passwordSettingSchema>;

export const passwordSettingSortFields = ['userType', 'mode', 'createdAt'] as const;
export const passwordSettingListQuery = listQuerySchema(passwordSettingSortFields, {
  userType: userType.optional(),
  mode: z.enum(passwordSettingModes).optional(),
  status: recordStatus.optional(),
});
export type PasswordSettingListQuery = z.output<typeof passwordSettingListQuery>;
export const passwordSettingPage = pageSchema(passwordSettingSchema);

export const passwordSettingCommands = {
  create: command('passwordSetting.create', passwordSettingFields, 'Add a lockout or expiry setting'),
  update: command('passwordSetting.update', passwordSettingUpdateInput, 'Change a lockout or expiry setting'),
  delete: command('passwordSetting.delete', idInput, 'Delete a lockout or expiry setting'),
};
export const passwordSettingRead: ReadPermission = {
  code: 'passwordSetting.read',
  summary: 'View lockout and expiry settings',
};

export const passwordSettingResource = defineResource({
  name: 'password-settings',
  area: 'security',
  tag: 'Security: password settings',
  item: passwordSettingSchema,
  page: passwordSettingPage,
  query: passwordSettingListQuery,
  sortFields: passwordSettingSortFields,
  read: passwordSettingRead,
  commands: passwordSettingCommands,
  screens: {
    list: { path: 'security/PasswordSettings', label: 'passwordSettings' },
    create: { path: 'security/PasswordSettings/Add/Lock', label: 'addLockSettings' },
    edit: { path: 'security/PasswordSettings/Edit/:id', label: 'editPasswordSettings' },
  },
  menu: { group: 'security' },
});
