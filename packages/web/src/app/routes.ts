import { tierCommands, tierRead } from '@loyalty/contracts';
import { lazyPage, type PageLoader } from './lazyPage.tsx';

/** Sider menu groups, in menu order; labels are `menu.groups.<group>`. */
export const menuGroups = [
  'employeesCustomers',
  'loyalty',
  'rewards',
  'campaignsAnalytics',
  'messaging',
  'alerts',
  'applicationContent',
  'security',
  'approvalsLogs',
  'configuration',
] as const;
export type MenuGroup = (typeof menuGroups)[number];

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

export interface PublicRoute {
  path: string;
  label: string;
  page: PageLoader;
}

export const DASHBOARD = '/dashboard';
export const dashboardPath = (path: string) => `${DASHBOARD}/${path}`;

export const ComingSoonPage = lazyPage(() => import('./screens/ComingSoon.tsx'));
export const LoginPage = lazyPage(() => import('../features/auth/LoginPage.tsx'));
export const HomePage = lazyPage(() => import('../features/home/HomePage.tsx'));
const PublicComingSoon = lazyPage(() => import('./screens/PublicComingSoon.tsx'));

const TierListPage = lazyPage(() => import('../features/loyalty/tiers/TierListPage.tsx'));
const TierCreatePage = lazyPage(() => import('../features/loyalty/tiers/TierCreatePage.tsx'));
const TierEditPage = lazyPage(() => import('../features/loyalty/tiers/TierEditPage.tsx'));

/** Spec §2 public routes. `/` is also the fallback for any unknown path (see router.tsx). */
export const publicRoutes: PublicRoute[] = [
  { path: '/', label: 'signIn', page: LoginPage },
  { path: '/forget-password', label: 'forgetPassword', page: PublicComingSoon },
  { path: '/change-password', label: 'changePassword', page: PublicComingSoon },
];

type Entry = Omit<DashboardRoute, 'group'>;
const inGroup = (group: MenuGroup, entries: Entry[]): DashboardRoute[] =>
  entries.map((e) => ({ ...e, group }));

/** Every screen under /dashboard (spec §2). The dashboard home is the index route. */
export const dashboardRoutes: DashboardRoute[] = [
  ...inGroup('employeesCustomers', [
    { path: 'employee/users', label: 'users', menu: true },
    { path: 'employee/edit-user/:id', label: 'editUser', parent: 'employee/users' },
    { path: 'employee/create-user', label: 'createUser', parent: 'employee/users' },
    { path: 'employee/roles', label: 'roles', menu: true },
    { path: 'employee/create-role', label: 'createRole', parent: 'employee/roles' },
    { path: 'employee/permissions', label: 'employeePermissions', menu: true },
    { path: 'employee/create-permission', label: 'createEmployeePermission', parent: 'employee/permissions' },
    { path: 'employee/edit-permission/:id', label: 'editEmployeePermission', parent: 'employee/permissions' },
    { path: 'customer/permissions', label: 'customerPermissions', menu: true },
    { path: 'customer/create-permission', label: 'createCustomerPermission', parent: 'customer/permissions' },
    { path: 'customer/edit-permission/:id', label: 'editCustomerPermission', parent: 'customer/permissions' },
    { path: 'customer', label: 'customers', menu: true },
    { path: 'customer/info', label: 'customerInfo', parent: 'customer' },
  ]),
  ...inGroup('loyalty', [
    { path: 'loyalty/tire', label: 'tiers', menu: true, page: TierListPage, permission: tierRead.code },
    {
      path: 'create-tire',
      label: 'createTier',
      page: TierCreatePage,
      permission: tierCommands.create.name,
      parent: 'loyalty/tire',
    },
    {
      path: 'edit-tire/:id',
      label: 'editTier',
      page: TierEditPage,
      permission: tierCommands.update.name,
      parent: 'loyalty/tire',
    },
    { path: 'loyalty/rules', label: 'pointsRules', menu: true },
    { path: 'create-rules', label: 'createPointsRule', parent: 'loyalty/rules' },
    { path: 'edit-rules/:id', label: 'editPointsRule', parent: 'loyalty/rules' },
    { path: 'loyalty/transaction', label: 'transactionTypes', menu: true },
    { path: 'loyalty/transaction-create', label: 'createTransactionType', parent: 'loyalty/transaction' },
    { path: 'transaction-edit/:id', label: 'editTransactionType', parent: 'loyalty/transaction' },
  ]),
  ...inGroup('rewards', [
    { path: 'rewards/category', label: 'rewardCategories', menu: true },
    { path: 'create-category', label: 'createRewardCategory', parent: 'rewards/category' },
    { path: 'edit-category/:id', label: 'editRewardCategory', parent: 'rewards/category' },
    { path: 'rewards/vocher', label: 'vouchers', menu: true },
    { path: 'rewards/create-Vocher', label: 'createVoucher', parent: 'rewards/vocher' },
    { path: 'rewards/edit-vocher/:id', label: 'editVoucher', parent: 'rewards/vocher' },
    { path: 'rewards/stores', label: 'stores', menu: true },
    { path: 'rewards/create-store', label: 'createStore', parent: 'rewards/stores' },
    { path: 'rewards/edit-stores/:id', label: 'editStore', parent: 'rewards/stores' },
  ]),
  ...inGroup('campaignsAnalytics', [
    { path: 'matrix/campaign', label: 'campaigns', menu: true },
    { path: 'create-campaigns', label: 'createCampaign', parent: 'matrix/campaign' },
    { path: 'edit-item/:id', label: 'editCampaign', parent: 'matrix/campaign' },
    { path: 'matrix/filterbyproduct', label: 'campaignsByProduct', menu: true },
    { path: 'advanced-analytics/customer-churn', label: 'customerChurn', menu: true },
    { path: 'advanced-analytics/NLP', label: 'messageInsights', menu: true },
    { path: 'MainReports', label: 'reports', menu: true },
  ]),
  ...inGroup('messaging', [
    { path: 'message', label: 'messageQueue', menu: true },
    { path: 'admin/message/:id', label: 'messageThread', parent: 'message' },
    { path: 'replay/message/:id', label: 'replyMessage', parent: 'message' },
    { path: 'template', label: 'templates', menu: true },
    { path: 'create-template', label: 'createTemplate', parent: 'template' },
    { path: 'edit-template/:id', label: 'editTemplate', parent: 'template' },
    { path: 'create-message', label: 'newMessage', menu: true },
  ]),
  ...inGroup('alerts', [
    { path: 'Alerts', label: 'alerts', menu: true },
    { path: 'Alerts/AddAlertCategory', label: 'addAlertCategory', parent: 'Alerts' },
    { path: 'Alerts/AddAlertGroup/:id', label: 'addAlertGroup', parent: 'Alerts' },
    { path: 'Alerts/AddAlert/:id', label: 'addAlert', parent: 'Alerts' },
    { path: 'Alerts/EditAlertCategory/:id', label: 'editAlertCategory', parent: 'Alerts' },
    { path: 'Alerts/EditAlertGroup/:id', label: 'editAlertGroup', parent: 'Alerts' },
    { path: 'Alerts/:id', label: 'alertCategory', parent: 'Alerts' },
    { path: 'Alerts/ViewAlertGroup/:id', label: 'viewAlertGroup', parent: 'Alerts' },
    { path: 'Alerts/ViewAlert/:id', label: 'viewAlert', parent: 'Alerts' },
    { path: 'Alerts/EditAlert/:id', label: 'editAlert', parent: 'Alerts' },
    { path: 'AlertConfigurations', label: 'alertConfigurations', menu: true },
  ]),
  ...inGroup('applicationContent', [
    { path: 'application/location', label: 'locations', menu: true },
    { path: 'application/create-location', label: 'createLocation', parent: 'application/location' },
    { path: 'application/edit-location/:id', label: 'editLocation', parent: 'application/location' },
    { path: 'application/privacy', label: 'privacyPolicy', menu: true },
    { path: 'application/create-privacy', label: 'createPrivacyPolicy', parent: 'application/privacy' },
    { path: 'application/terms', label: 'terms', menu: true },
    { path: 'application/create-condation', label: 'createTerms', parent: 'application/terms' },
    { path: 'application/questions', label: 'faq', menu: true },
    { path: 'application/create-question', label: 'createQuestion', parent: 'application/questions' },
    { path: 'application/update-question/:id', label: 'editQuestion', parent: 'application/questions' },
  ]),
  ...inGroup('security', [
    { path: 'security/credential', label: 'credentialPolicy', menu: true },
    { path: 'security/SCA', label: 'sca', menu: true },
    { path: 'security/SCA/Add', label: 'addSca', parent: 'security/SCA' },
    { path: 'security/SCA/Edit/:id', label: 'editSca', parent: 'security/SCA' },
    { path: 'security/SCA/View/:id', label: 'viewSca', parent: 'security/SCA' },
    { path: 'security/PasswordSettings', label: 'passwordSettings', menu: true },
    {
      path: 'security/PasswordSettings/Add/Lock',
      label: 'addLockSettings',
      parent: 'security/PasswordSettings',
    },
    {
      path: 'security/PasswordSettings/Add/Expiry',
      label: 'addExpirySettings',
      parent: 'security/PasswordSettings',
    },
    {
      path: 'security/PasswordSettings/Edit/:id',
      label: 'editPasswordSettings',
      parent: 'security/PasswordSettings',
    },
    { path: 'security/policy', label: 'securityPolicy', menu: true },
    { path: 'security/edit-policy', label: 'editSecurityPolicy', parent: 'security/policy' },
  ]),
  ...inGroup('approvalsLogs', [
    { path: 'admin', label: 'administration', menu: true },
    { path: 'Requests', label: 'requests', menu: true },
    { path: 'RequestHistory', label: 'requestHistory', menu: true },
    { path: 'Approvals', label: 'approvals', menu: true },
    { path: 'ApprovalHistory', label: 'approvalHistory', menu: true },
    {
      path: 'ServiceTypes',
      label: 'serviceTypes',
      menu: true,
    },
    {
      path: 'ServiceTypes/Create',
      label: 'createServiceType',
      parent: 'ServiceTypes',
    },
    {
      path: 'ServiceTypes/Edit/:id',
      label: 'editServiceType',
      parent: 'ServiceTypes',
    },
    {
      path: 'ServiceTypes/Services',
      label: 'services',
      menu: true,
    },
    {
      path: 'SystemLogs',
      label: 'systemLogs',
      menu: true,
    },
    {
      path: 'SystemLogs/AdminLogs',
      label: 'adminLogs',
      menu: true,
    },
  ]),
  ...inGroup('configuration', [
    // A real placeholder route (spec §2); no built feature links to it.
    { path: 'ComingSoon', label: 'comingSoon' },
    { path: 'SystemConfigurations', label: 'systemConfigurations', menu: true },
    { path: 'SystemConfigurations/CreateBundle', label: 'createBundle', parent: 'SystemConfigurations' },
    { path: 'SystemConfigurations/EditBundle/:id', label: 'editBundle', parent: 'SystemConfigurations' },
    { path: 'SystemConfigurations/Bundle/:id', label: 'viewBundle', parent: 'SystemConfigurations' },
    {
      path: 'SystemConfigurations/ConfigureBundle/:id',
      label: 'configureBundle',
      parent: 'SystemConfigurations',
    },
    {
      path: 'SystemConfigurations/ConfigureBundle/EditConfiguration/:id',
      label: 'editConfiguration',
      parent: 'SystemConfigurations',
    },
    { path: 'BusinessConfigurations/EligibilityCriteria', label: 'eligibilityCriteria', menu: true },
    {
      path: 'BusinessConfigurations/EligibilityCriteria/Create',
      label: 'createEligibilityCriterion',
      parent: 'BusinessConfigurations/EligibilityCriteria',
    },
    {
      path: 'BusinessConfigurations/EligibilityCriteria/Edit/:id',
      label: 'editEligibilityCriterion',
      parent: 'BusinessConfigurations/EligibilityCriteria',
    },
    { path: 'BusinessConfigurations/BusinessBankingConfigurations', label: 'businessBanking', menu: true },
    { path: 'ServiceDefinitionConfigurations', label: 'serviceDefinitions', menu: true },
    {
      path: 'ServiceDefinitionConfigurations/Create',
      label: 'createServiceDefinition',
      parent: 'ServiceDefinitionConfigurations',
    },
    { path: 'UserConfigurations', label: 'userConfigurations', menu: true },
    { path: 'UserConfigurations/Create', label: 'createUserConfiguration', parent: 'UserConfigurations' },
    { path: 'UserConfigurations/Edit/:id', label: 'editUserConfiguration', parent: 'UserConfigurations' },
    {
      path: 'Configurations/MakerChecker',
      label: 'makerChecker',
      menu: true,
    },
    { path: 'MasterDataManagement/Features', label: 'features', menu: true },
  ]),
];
