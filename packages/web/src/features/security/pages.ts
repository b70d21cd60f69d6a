import { areaPages, type ScreenPages } from '../../components/lazyPage.tsx';
import { resourcePages } from '../../components/resourcePages.tsx';

const page = areaPages('security');

/** SCA rules and password settings: lazy pages by descriptor name and screen (PRODUCT §3.6). */
export const securityResourcePages = {
  'sca-rules': {
    ...resourcePages(page, () => import('./sca.resource.tsx'), { scaRuleUi: ['list', 'create', 'edit'] }),
    view: page(() => import('./ScaViewPage.tsx')),
  },
  'password-settings': {
    list: page(() => import('./PasswordSettingListRoute.tsx')),
    create: page(() => import('./PasswordSettingAddLockRoute.tsx')),
    edit: page(() => import('./PasswordSettingEditRoute.tsx')),
  },
} satisfies Record<string, ScreenPages>;

/** The security screens that are not a resource's screens, for the route table. */
export const securityPages = {
  credential: {
    page: page(() => import('./CredentialPolicyPage.tsx')),
    permission: 'credentialPolicy.read',
  },
  // The password settings' second create screen (the first, Add/Lock, is the descriptor's).
  addExpiry: {
    page: page(() => import('./PasswordSettingAddExpiryRoute.tsx')),
    permission: 'passwordSetting.create',
  },
  policy: { page: page(() => import('./SecurityPolicyPage.tsx')), permission: 'securityPolicy.read' },
  editPolicy: {
    page: page(() => import('./SecurityPolicyEditPage.tsx')),
    permission: 'securityPolicy.update',
  },
};
