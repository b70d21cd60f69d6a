import {
  adminLogResource,
  alertCategoryResource,
  campaignResource,
  churnScoreResource,
  configBundleResource,
  customerPermissionResource,
  customerResource,
  eligibilityCriterionResource,
  faqResource,
  featureResource,
  legalDocumentScreens,
  locationResource,
  type MenuGroup,
  menuGroups,
  messageInsightResource,
  messageResource,
  messageTemplateResource,
  passwordSettingResource,
  pointsRuleResource,
  type ResourceDescriptor,
  reportScheduleResource,
  rewardCategoryResource,
  roleResource,
  type ScreenKind,
  type Screen as ScreenSpec,
  scaRuleResource,
  screenKinds,
  serviceDefinitionResource,
  serviceResource,
  serviceTypeResource,
  staffPermissionResource,
  storeResource,
  systemLogResource,
  tierResource,
  transactionTypeResource,
  userConfigurationResource,
  userResource,
  voucherResource,
} from '@loyalty/contracts';
import type { PageLoader, ScreenPages } from '../components/lazyPage.tsx';
import { adminPages } from '../features/admin/pages.ts';
import { alertPages, alertResourcePages } from '../features/alerts/pages.ts';
import { analyticsResourcePages } from '../features/analytics/pages.ts';
import { approvalPages, approvalResourcePages } from '../features/approvals/pages.ts';
import { campaignPages, campaignResourcePages } from '../features/campaigns/pages.ts';
import { configurationPages, configurationResourcePages } from '../features/configuration/pages.ts';
import { contentPages, contentResourcePages } from '../features/content/pages.ts';
import { customerPages, customerResourcePages } from '../features/customers/pages.ts';
import { employeeResourcePages } from '../features/employees/pages.ts';
import { logResourcePages } from '../features/logs/pages.ts';
import { loyaltyResourcePages } from '../features/loyalty/pages.ts';
import { messagingPages, messagingResourcePages } from '../features/messaging/pages.ts';
import { reportPages, reportResourcePages } from '../features/reports/pages.ts';
import { rewardResourcePages } from '../features/rewards/pages.ts';
import { securityPages, securityResourcePages } from '../features/security/pages.ts';
import {
  ComingSoonPage,
  DASHBOARD,
  dashboardPath,
  HomePage,
  LoginPage,
  type PublicRoute,
  publicRoutes,
} from './publicRoutes.ts';

/** Sider menu groups, in menu order (declared in contracts); labels are `menu.groups.<group>`. */
export { type MenuGroup, menuGroups };

export interface DashboardRoute {
  /** Relative to /dashboard, exactly as spec §2 writes it (typos included), `:id` for {id}. */
  path: string;
  /** Title and menu label: `routes.<label>` in the translations. */
  label: string;
  group: MenuGroup;
  /** The lazy page; routes not built yet show the ComingSoon screen. */
  page?: PageLoader;
  /** Permission code needed to open the screen (and to see it in the menu). */
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
};

/**
 * The permission that opens a resource's screen: the read permission for list and view (and a
 * screen marked `permission: 'read'`), the create command for create, the update command for edit.
 */
export function screenPermission(
  descriptor: ResourceDescriptor,
  kind: ScreenKind,
  screen: ScreenSpec,
): string {
  const code =
    kind === 'list' || kind === 'view' || screen.permission === 'read'
      ? descriptor.read?.code
      : descriptor.commands[kind === 'create' ? 'create' : 'update']?.name;
  if (!code) throw new Error(`resource ${descriptor.name}: no permission opens its ${kind} screen`);
  return code;
}

/**
 * The route entries of a resource's screens (`descriptor.screens`), in its menu group: the list is
 * the menu entry and the parent of the others; pages from `resourcePages` (none → ComingSoon).
 */
export function resourceRoutes(descriptor: ResourceDescriptor): DashboardRoute[] {
  const { screens = {}, menu } = descriptor;
  if (!menu) throw new Error(`resource ${descriptor.name} has screens but no menu group`);
  const pages = resourcePages[descriptor.name] ?? {};
  return screenKinds.flatMap((kind): DashboardRoute[] => {
    const screen = screens[kind];
    if (!screen) return [];
    const route: DashboardRoute = {
      path: screen.path,
      label: screen.label,
      group: menu.group,
      page: pages[kind],
      permission: screenPermission(descriptor, kind, screen),
    };
    return [kind === 'list' ? { ...route, menu: true } : { ...route, parent: screens.list?.path }];
  });
}

type Entry = Omit<DashboardRoute, 'group'>;
/**
 * One menu group's screens in menu order: explicit entries, and resources standing for their
 * screens (`resourceRoutes`), whose descriptor must name this group.
 */
const inGroup = (group: MenuGroup, entries: (Entry | ResourceDescriptor)[]): DashboardRoute[] =>
  entries.flatMap((e) => {
    if ('path' in e) return [{ ...e, group }];
    if (e.menu?.group !== group) throw new Error(`resource ${e.name} is not in the ${group} menu group`);
    return resourceRoutes(e);
  });

/**
 * Every screen under /dashboard (spec §2), by menu group in menu order. A resource stands for the
 * screens of its contracts descriptor; the other screens are written here. The dashboard home is
 * the index route.
 */
export const dashboardRoutes: DashboardRoute[] = [
  ...inGroup('employeesCustomers', [
    userResource,
    roleResource,
    staffPermissionResource,
    customerPermissionResource,
    customerResource,
    { path: 'customer/info', label: 'customerInfo', parent: 'customer', ...customerPages.customerInfo },
  ]),
  ...inGroup('loyalty', [tierResource, pointsRuleResource, transactionTypeResource]),
  ...inGroup('rewards', [rewardCategoryResource, voucherResource, storeResource]),
  ...inGroup('campaignsAnalytics', [
    campaignResource,
    { path: 'matrix/filterbyproduct', label: 'campaignsByProduct', menu: true, ...campaignPages.performance },
    churnScoreResource,
    messageInsightResource,
    { path: 'MainReports', label: 'reports', menu: true, ...reportPages.mainReports },
    reportScheduleResource,
  ]),
  ...inGroup('messaging', [
    messageResource,
    { label: 'replyMessage', parent: 'message', ...messagingPages.reply },
    messageTemplateResource,
    { path: 'create-message', label: 'newMessage', menu: true, ...messagingPages.newMessage },
  ]),
  ...inGroup('alerts', [
    alertCategoryResource,
    { path: 'Alerts/AddAlertGroup/:id', label: 'addAlertGroup', parent: 'Alerts', ...alertPages.addGroup },
    { path: 'Alerts/AddAlert/:id', label: 'addAlert', parent: 'Alerts', ...alertPages.addAlert },
    { path: 'Alerts/EditAlertGroup/:id', label: 'editAlertGroup', parent: 'Alerts', ...alertPages.editGroup },
    { path: 'Alerts/ViewAlertGroup/:id', label: 'viewAlertGroup', parent: 'Alerts', ...alertPages.viewGroup },
    { path: 'Alerts/ViewAlert/:id', label: 'viewAlert', parent: 'Alerts', ...alertPages.viewAlert },
    { path: 'Alerts/EditAlert/:id', label: 'editAlert', parent: 'Alerts', ...alertPages.editAlert },
    { path: 'AlertConfigurations', label: 'alertConfigurations', menu: true, ...alertPages.settings },
  ]),
  ...inGroup('applicationContent', [
    locationResource,
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
    faqResource,
  ]),
  ...inGroup('security', [
    { path: 'security/credential', label: 'credentialPolicy', menu: true, ...securityPages.credential },
    scaRuleResource,
    passwordSettingResource,
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
    serviceTypeResource,
    serviceResource,
    systemLogResource,
    adminLogResource,
  ]),
  ...inGroup('configuration', [
    // A real placeholder route (spec §2); no built feature links to it.
    { path: 'ComingSoon', label: 'comingSoon' },
    configBundleResource,
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
    eligibilityCriterionResource,
    {
      path: 'BusinessConfigurations/BusinessBankingConfigurations',
      label: 'businessBanking',
      menu: true,
      ...configurationPages.businessBanking,
    },
    serviceDefinitionResource,
    userConfigurationResource,
    { path: 'Configurations/MakerChecker', label: 'makerChecker', menu: true, ...approvalPages.makerChecker },
    featureResource,
  ]),
];
