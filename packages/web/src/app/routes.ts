import { legalDocumentScreens, type MenuGroup } from '@loyalty/contracts';
import type { PageLoader, ScreenPages } from '../components/lazyPage.tsx';
import { adminPages } from '../features/admin/pages.ts';
import { alertPages, alertResourcePages } from '../features/alerts/pages.ts';
import { analyticsResourcePages } from '../features/analytics/pages.ts';
import { approvalPages, approvalResourcePages } from '../features/approvals/pages.ts';
import { campaignPages, campaignResourcePages } from '../features/campaigns/pages.ts';
import { challengeResourcePages } from '../features/challenges/pages.ts';
import { configurationPages, configurationResourcePages } from '../features/configuration/pages.ts';
import { contentPages, contentResourcePages } from '../features/content/pages.ts';
import { customerPages, customerResourcePages } from '../features/customers/pages.ts';
import { employeeResourcePages } from '../features/employees/pages.ts';
import { importResourcePages } from '../features/imports/pages.ts';
import { logResourcePages } from '../features/logs/pages.ts';
import { loyaltyResourcePages } from '../features/loyalty/pages.ts';
import { messagingPages, messagingResourcePages } from '../features/messaging/pages.ts';
import { referralPages, referralResourcePages } from '../features/referrals/pages.ts';
import { reportPages, reportResourcePages } from '../features/reports/pages.ts';
import { rewardResourcePages } from '../features/rewards/pages.ts';
import { securityPages, securityResourcePages } from '../features/security/pages.ts';
import { webhookResourcePages } from '../features/webhooks/pages.ts';
import {
  ComingSoonPage,
  DASHBOARD,
  dashboardPath,
  HomePage,
  LoginPage,
  type PublicRoute,
  publicRoutes,
} from './publicRoutes.ts';
import screenTableJson from './resourceScreens.json';
import type { ScreenTable } from './resourceScreens.ts';

// The descriptors' screens and the menu groups, as `npm run screens` wrote them (resourceScreens.ts):
// the table does not import the contract modules, whose schemas the menu does not need (issue 24).
const screenTable = screenTableJson as ScreenTable;

/** Sider menu groups, in menu order (declared in contracts); labels are `menu.groups.<group>`. */
export const menuGroups: readonly MenuGroup[] = screenTable.menuGroups;
export type { MenuGroup };

export interface DashboardRoute {
  /** Relative to /dashboard, exactly as spec §2 writes it (typos included), `:id` for {id}. */
  path: string;
  /** Title and menu label: `routes.<label>` in the translations. */
  label: string;
  group: MenuGroup;
  /** The lazy page; routes not built yet show the ComingSoon screen. */
  page?: PageLoader;
  /**
   * Permission code needed to open the screen (and to see it in the menu). Written as a string in
   * the features' pages.ts, so the table imports no contract module (routes.test.tsx checks each
   * against the permission catalogue).
   */
  permission?: string;
  /** Listed in the sider menu. */
  menu?: boolean;
  /** The menu entry highlighted while this screen is open. */
  parent?: string;
}

// The public routes and paths live in publicRoutes.ts: this table loads lazily (router.tsx).
export { ComingSoonPage, DASHBOARD, dashboardPath, HomePage, LoginPage, type PublicRoute, publicRoutes };

/** The lazy pages of the resources' screens, by descriptor name and screen (the features' pages.ts). */
export const resourcePages: Record<string, ScreenPages> = {
  ...alertResourcePages,
  ...analyticsResourcePages,
  ...campaignResourcePages,
  ...challengeResourcePages,
  ...employeeResourcePages,
  ...customerResourcePages,
  ...loyaltyResourcePages,
  ...rewardResourcePages,
  ...securityResourcePages,
  ...approvalResourcePages,
  ...logResourcePages,
  ...messagingResourcePages,
  ...contentResourcePages,
  ...configurationResourcePages,
  ...reportResourcePages,
  ...webhookResourcePages,
  ...importResourcePages,
  ...referralResourcePages,
};

/**
 * The route entries of a resource's screens (by descriptor name), in its menu group: the list is
 * the menu entry and the parent of the others; pages from `resourcePages` (none → ComingSoon).
 */
export function resourceRoutes(name: string): DashboardRoute[] {
  const resource = screenTable.resources[name];
  if (!resource) throw new Error(`resource ${name} has no screens (npm run screens)`);
  const { group, screens } = resource;
  const pages: Partial<Record<string, PageLoader>> = resourcePages[name] ?? {};
  return Object.entries(screens).map(([kind, screen]) => {
    const route: DashboardRoute = { ...screen, group, page: pages[kind] };
    return kind === 'list' ? { ...route, menu: true } : { ...route, parent: screens.list?.path };
  });
}

type Entry = Omit<DashboardRoute, 'group'>;
/**
 * One menu group's screens in menu order: explicit entries, and resources (by descriptor name)
 * standing for their screens (`resourceRoutes`), whose descriptor must name this group.
 */
const inGroup = (group: MenuGroup, entries: (Entry | string)[]): DashboardRoute[] =>
  entries.flatMap((e) => {
    if (typeof e !== 'string') return [{ ...e, group }];
    if (screenTable.resources[e]?.group !== group)
      throw new Error(`resource ${e} is not in the ${group} menu group`);
    return resourceRoutes(e);
  });

/**
 * Every screen under /dashboard (spec §2), by menu group in menu order. A resource stands for the
 * screens of its contracts descriptor; the other screens are written here. The dashboard home is
 * the index route.
 */
export const dashboardRoutes: DashboardRoute[] = [
  ...inGroup('employeesCustomers', [
    'users',
    'roles',
    'permissions',
    'customer-permissions',
    'customers',
    'imports',
    'file-layouts',
    { path: 'customer/info', label: 'customerInfo', parent: 'customer', ...customerPages.customerInfo },
  ]),
  ...inGroup('loyalty', ['tiers', 'points-rules', 'transaction-types']),
  ...inGroup('rewards', ['reward-categories', 'vouchers', 'stores']),
  ...inGroup('campaignsAnalytics', [
    'campaigns',
    'challenges',
    { path: 'matrix/filterbyproduct', label: 'campaignsByProduct', menu: true, ...campaignPages.performance },
    'referral-programmes',
    'referrals',
    { path: 'referrals/cost', label: 'referralCost', menu: true, ...referralPages.cost },
    'churn-scores',
    'message-insights',
    { path: 'MainReports', label: 'reports', menu: true, ...reportPages.mainReports },
    'report-schedules',
  ]),
  ...inGroup('messaging', [
    'messages',
    { label: 'replyMessage', parent: 'message', ...messagingPages.reply },
    'message-templates',
    { path: 'create-message', label: 'newMessage', menu: true, ...messagingPages.newMessage },
  ]),
  ...inGroup('alerts', [
    'alert-categories',
    { path: 'Alerts/AddAlertGroup/:id', label: 'addAlertGroup', parent: 'Alerts', ...alertPages.addGroup },
    { path: 'Alerts/AddAlert/:id', label: 'addAlert', parent: 'Alerts', ...alertPages.addAlert },
    { path: 'Alerts/EditAlertGroup/:id', label: 'editAlertGroup', parent: 'Alerts', ...alertPages.editGroup },
    { path: 'Alerts/ViewAlertGroup/:id', label: 'viewAlertGroup', parent: 'Alerts', ...alertPages.viewGroup },
    { path: 'Alerts/ViewAlert/:id', label: 'viewAlert', parent: 'Alerts', ...alertPages.viewAlert },
    { path: 'Alerts/EditAlert/:id', label: 'editAlert', parent: 'Alerts', ...alertPages.editAlert },
    { path: 'AlertConfigurations', label: 'alertConfigurations', menu: true, ...alertPages.settings },
  ]),
  ...inGroup('applicationContent', [
    'locations',
    { ...legalDocumentScreens.PRIVACY.list, menu: true, ...contentPages.privacy },
    {
      ...legalDocumentScreens.PRIVACY.create,
      parent: legalDocumentScreens.PRIVACY.list.path,
      ...contentPages.createPrivacy,
    },
    { ...legalDocumentScreens.TERMS.list, menu: true, ...contentPages.terms },
    {
      ...legalDocumentScreens.TERMS.create,
      parent: legalDocumentScreens.TERMS.list.path,
      ...contentPages.createTerms,
    },
    'faqs',
  ]),
  ...inGroup('security', [
    { path: 'security/credential', label: 'credentialPolicy', menu: true, ...securityPages.credential },
    'sca-rules',
    'password-settings',
    {
      path: 'security/PasswordSettings/Add/Expiry',
      label: 'addExpirySettings',
      parent: 'security/PasswordSettings',
      ...securityPages.addExpiry,
    },
    { path: 'security/policy', label: 'securityPolicy', menu: true, ...securityPages.policy },
    {
      path: 'security/edit-policy',
      label: 'editSecurityPolicy',
      parent: 'security/policy',
      ...securityPages.editPolicy,
    },
  ]),
  ...inGroup('approvalsLogs', [
    { path: 'admin', label: 'administration', menu: true, ...adminPages.admin },
    { path: 'Requests', label: 'requests', menu: true, ...approvalPages.requests },
    { path: 'RequestHistory', label: 'requestHistory', menu: true, ...approvalPages.requestHistory },
    { path: 'Approvals', label: 'approvals', menu: true, ...approvalPages.approvals },
    { path: 'ApprovalHistory', label: 'approvalHistory', menu: true, ...approvalPages.approvalHistory },
    'service-types',
    'services',
    'system-logs',
    'admin-logs',
  ]),
  ...inGroup('configuration', [
    // A real placeholder route (spec §2); no built feature links to it.
    { path: 'ComingSoon', label: 'comingSoon' },
    'config-bundles',
    {
      path: 'SystemConfigurations/ConfigureBundle/:id',
      label: 'configureBundle',
      parent: 'SystemConfigurations',
      ...configurationPages.configureBundle,
    },
    {
      path: 'SystemConfigurations/ConfigureBundle/EditConfiguration/:id',
      label: 'editConfiguration',
      parent: 'SystemConfigurations',
      ...configurationPages.editConfiguration,
    },
    'eligibility-criteria',
    {
      path: 'BusinessConfigurations/BusinessBankingConfigurations',
      label: 'businessBanking',
      menu: true,
      ...configurationPages.businessBanking,
    },
    'service-definitions',
    'user-configurations',
    { path: 'Configurations/MakerChecker', label: 'makerChecker', menu: true, ...approvalPages.makerChecker },
    'features',
  ]),
  ...inGroup('integration', ['webhook-endpoints']),
];
