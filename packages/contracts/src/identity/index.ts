import type { AreaCatalogue } from '../commands.ts';
import { customerPermissionCommands, customerPermissionRead } from './customerPermissions.ts';
import { roleCommands, roleRead } from './roles.ts';
import { staffPermissionCommands, staffPermissionRead } from './staffPermissions.ts';
import { userCommands, userRead } from './users.ts';

export * from './customerPermissions.ts';
export * from './roles.ts';
export * from './staffPermissions.ts';
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
