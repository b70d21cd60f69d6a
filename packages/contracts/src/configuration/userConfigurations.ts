import { z } from 'zod';
import { command, type ReadPermission } from '../commands.ts';
import { idInput, timestamps } from '../common.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';
import { userTypes } from '../security/passwordSettings.ts';

/**
 * UserConfigurations: settings per user type, each read by the part of the system it names
 * (docs/decisions/configuration.md). Staff (EMPLOYEE): the lists' default page size in the web app
 * (served by `GET /auth/me`), an idle limit and a session length the server enforces — shorter
 * than the security policy's only, which stays the upper bound. Customers (CUSTOMER): the language
 * a customer the integration API enrols gets when the channel sends none, and whether marketing
 * alerts go to a customer who has made no choice of their own (`marketingAlerts`).
 */
/** Whether marketing alerts go to a customer who has made no choice of their own. */
export const marketingAlertDefaults = ['SUBSCRIBED', 'UNSUBSCRIBED'] as const;

/** The page sizes the web app's lists offer. */
export const pageSizeChoices = [10, 20, 50, 100] as const;

const userConfigurationObject = z.object({
  userType: z.enum(userTypes, { error: 'fillAllFields' }),
  defaultLanguage: z.enum(['en', 'ar'], { error: 'fillAllFields' }),
  idleMinutes: z.number().int().min(1).max(1440).nullable().default(null),
  sessionHours: z.number().int().min(1).max(720).nullable().default(null),
  pageSize: z
    .number()
    .int()
    .refine((v) => (pageSizeChoices as readonly number[]).includes(v), { message: 'userConfigPageSize' })
    .nullable()
    .default(null),
  /** Customers only; null: subscribed (marketing alerts go unless the customer opted out). */
  marketingAlerts: z.enum(marketingAlertDefaults).nullable().default(null),
});

/** The staff-only settings are empty for customers, the customers-only ones for staff. */
const staffOnly = (v: z.output<typeof userConfigurationObject>, ctx: z.RefinementCtx) => {
  if (v.userType !== 'CUSTOMER') {
    if (v.marketingAlerts !== null) {
      ctx.addIssue({ code: 'custom', path: ['marketingAlerts'], message: 'userConfigCustomerOnly' });
    }
    return;
  }
  for (const field of ['idleMinutes', 'sessionHours', 'pageSize'] as const) {
    if (v[field] !== null) ctx.addIssue({ code: 'custom', path: [field], message: 'userConfigStaffOnly' });
  }
};
export const userConfigurationFields = userConfigurationObject.superRefine(staffOnly);
export type UserConfigurationInput = z.input<typeof userConfigurationFields>;
export const userConfigurationUpdateInput = userConfigurationObject
  .extend(idInput.shape)
  .superRefine(staffOnly);

export const userConfigurationSchema = userConfigurationObject.extend({
  id: z.number().int(),
  idleMinutes: z.number().int().nullable(),
  sessionHours: z.number().int().nullable(),
  pageSize: z.number().int().nullable(),
  ...timestamps,
});
export type UserConfiguration = z.infer<typeof userConfigurationSchema>;

export const userConfigurationSortFields = ['userType', 'updatedAt'] as const;
export const userConfigurationListQuery = listQuerySchema(userConfigurationSortFields, {
  userType: z.enum(userTypes).optional(),
});
export type UserConfigurationListQuery = z.output<typeof userConfigurationListQuery>;
export const userConfigurationPage = pageSchema(userConfigurationSchema);

export const userConfigurationCommands = {
  create: command('userConfiguration.create', userConfigurationFields, 'Set the settings of a user type'),
  update: command(
    'userConfiguration.update',
    userConfigurationUpdateInput,
    'Change the settings of a user type',
  ),
  delete: command('userConfiguration.delete', idInput, 'Remove the settings of a user type (defaults apply)'),
};
export const userConfigurationRead: ReadPermission = {
  code: 'userConfiguration.read',
  summary: 'View the settings per user type',
};

export const userConfigurationResource = defineResource({
  name: 'user-configurations',
  area: 'configuration',
  tag: 'Configuration: user configurations',
  item: userConfigurationSchema,
  page: userConfigurationPage,
  query: userConfigurationListQuery,
  sortFields: userConfigurationSortFields,
  read: userConfigurationRead,
  commands: userConfigurationCommands,
  screens: {
    list: { path: 'UserConfigurations', label: 'userConfigurations' },
    create: { path: 'UserConfigurations/Create', label: 'createUserConfiguration' },
    edit: { path: 'UserConfigurations/Edit/:id', label: 'editUserConfiguration' },
  },
  menu: { group: 'configuration' },
});
