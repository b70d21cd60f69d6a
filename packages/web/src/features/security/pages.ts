import {
  credentialPolicyRead,
  passwordSettingCommands,
  securityPolicyCommands,
  securityPolicyRead,
} from '@loyalty/contracts';
import { lazyPage, type ScreenPages } from '../../components/lazyPage.tsx';

/** SCA rules and password settings: lazy pages by descriptor name and screen (PRODUCT §3.6). */
export const securityResourcePages = {
  'sca-rules': {
    list: lazyPage(() => import('./ScaListPage.tsx')),
    create: lazyPage(() => import('./ScaAddPage.tsx')),
    edit: lazyPage(() => import('./ScaEditPage.tsx')),
    view: lazyPage(() => import('./ScaViewPage.tsx')),
  },
  'password-settings': {
    list: lazyPage(() => import('./PasswordSettingListRoute.tsx')),
    create: lazyPage(() => import('./PasswordSettingAddLockRoute.tsx')),
    edit: lazyPage(() => import('./PasswordSettingEditRoute.tsx')),
  },
} satisfies Record<string, ScreenPages>;

/** The security screens that are not a resource's screens, for the route table. */
export const securityPages = {
  credential: {
    page: lazyPage(() => import('./CredentialPolicyPage.tsx')),
    permission: credentialPolicyRead.code,
  },
  // The password settings' second create screen (the first, Add/Lock, is the descriptor's).
  addExpiry: {
    page: lazyPage(() => import('./PasswordSettingAddExpiryRoute.tsx')),
    permission: passwordSettingCommands.create.name,
  },
  policy: { page: lazyPage(() => import('./SecurityPolicyPage.tsx')), permission: securityPolicyRead.code },
  editPolicy: {
    page: lazyPage(() => import('./SecurityPolicyEditPage.tsx')),
    permission: securityPolicyCommands.update.name,
  },
};
