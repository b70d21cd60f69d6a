import {
  credentialPolicyRead,
  passwordSettingCommands,
  passwordSettingRead,
  scaRuleCommands,
  scaRuleRead,
  securityPolicyCommands,
  securityPolicyRead,
} from '@loyalty/contracts';
import { lazyPage } from '../../app/lazyPage.tsx';

/** The security screens (PRODUCT §3.6) and the signed-in user's own `admin` screen. */
export const securityPages = {
  credential: {
    page: lazyPage(() => import('./CredentialPolicyPage.tsx')),
    permission: credentialPolicyRead.code,
  },
  sca: { page: lazyPage(() => import('./ScaListPage.tsx')), permission: scaRuleRead.code },
  addSca: { page: lazyPage(() => import('./ScaAddPage.tsx')), permission: scaRuleCommands.create.name },
  editSca: { page: lazyPage(() => import('./ScaEditPage.tsx')), permission: scaRuleCommands.update.name },
  viewSca: { page: lazyPage(() => import('./ScaViewPage.tsx')), permission: scaRuleRead.code },
  passwordSettings: {
    page: lazyPage(() => import('./PasswordSettingListRoute.tsx')),
    permission: passwordSettingRead.code,
  },
  addLock: {
    page: lazyPage(() => import('./PasswordSettingAddLockRoute.tsx')),
    permission: passwordSettingCommands.create.name,
  },
  addExpiry: {
    page: lazyPage(() => import('./PasswordSettingAddExpiryRoute.tsx')),
    permission: passwordSettingCommands.create.name,
  },
  editPasswordSetting: {
    page: lazyPage(() => import('./PasswordSettingEditRoute.tsx')),
    permission: passwordSettingCommands.update.name,
  },
  policy: { page: lazyPage(() => import('./SecurityPolicyPage.tsx')), permission: securityPolicyRead.code },
  editPolicy: {
    page: lazyPage(() => import('./SecurityPolicyEditPage.tsx')),
    permission: securityPolicyCommands.update.name,
  },
  // Everyone signed in has their own profile, second factor and sessions.
  admin: { page: lazyPage(() => import('../admin/AdminPage.tsx')) },
};
