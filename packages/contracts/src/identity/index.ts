import type { AreaCatalogue } from '../commands.ts';
import { customerPermissionCommands, customerPermissionRead } from './customer-permissions.ts';
import { roleCommands, roleRead } from './roles.ts';
import { staffPermissionCommands, staffPermissionRead } from './staff-permissions.ts';
import { userCommands, userRead } from './users.ts';

export * from './customer-permissions.ts';
export * from './roles.ts';
export * from './staff-permissions.ts';
export * from './users.ts';

export const identityCatalogue: AreaCatalogue = {
  commands: [
    ...Object.values(userCommands),
    ...Object.values(roleCommands),
    ...Object.values(staffPermissionCommands),
    ...Object.values(customerPermissionCommands),
  ],
  reads: [userRead, roleRead, staffPermissionRead, customerPermissionRead],
};
