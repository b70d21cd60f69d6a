import {
  adminLogRead,
  makerCheckerRead,
  serviceCommands,
  systemLogRead,
  tierCommands,
  tierRead,
} from '@loyalty/contracts';
import { customerPages } from '../features/customers/pages.ts';
import { employeePages } from '../features/employees/pages.ts';
import { loyaltyPages } from '../features/loyalty/pages.ts';
import { rewardPages } from '../features/rewards/pages.ts';
import { securityPages } from '../features/security/pages.ts';
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
const ForgotPasswordPage = lazyPage(() => import('../features/auth/ForgotPasswordPage.tsx'));
const ChangePasswordPage = lazyPage(() => import('../features/auth/ChangePasswordPage.tsx'));

const RequestsPage = lazyPage(() => import('../features/approvals/RequestsPage.tsx'));
const RequestHistoryPage = lazyPage(() => import('../features/approvals/RequestHistoryPage.tsx'));
const ApprovalsPage = lazyPage(() => import('../features/approvals/ApprovalsPage.tsx'));
const ApprovalHistoryPage = lazyPage(() => import('../features/approvals/ApprovalHistoryPage.tsx'));
const ServiceTypeListPage = lazyPage(() => import('../features/approvals/ServiceTypeListPage.tsx'));
const ServiceTypeCreatePage = lazyPage(() => import('../features/approvals/ServiceTypeCreatePage.tsx'));
const ServiceTypeEditPage = lazyPage(() => import('../features/approvals/ServiceTypeEditPage.tsx'));
const ServicesPage = lazyPage(() => import('../features/approvals/ServicesPage.tsx'));
const MakerCheckerPage = lazyPage(() => import('../features/approvals/MakerCheckerPage.tsx'));
const SystemLogsPage = lazyPage(() => import('../features/logs/SystemLogsPage.tsx'));
const AdminLogsPage = lazyPage(() => import('../features/logs/AdminLogsPage.tsx'));

const TierListPage = lazyPage(() => import('../features/loyalty/tiers/TierListPage.tsx'));
const TierCreatePage = lazyPage(() => import('../features/loyalty/tiers/TierCreatePage.tsx'));
const TierEditPage = lazyPage(() => import('../features/loyalty/tiers/TierEditPage.tsx'));

/** Spec §2 public routes. `/` is also the fallback for any unknown path (see router.tsx). */
export const publicRoutes: PublicRoute[] = [
  { path: '/', label: 'signIn', page: LoginPage },
  { path: '/forget-password', label: 'forgetPassword', page: ForgotPasswordPage },
  { path: '/change-password', label: 'changePassword', page: ChangePasswordPage },
];

type Entry = Omit<DashboardRoute, 'group'>;
const inGroup = (group: MenuGroup, entries: Entry[]): DashboardRoute[] =>
  entries.map((e) => ({ ...e, group }));

/** Every screen under /dashboard (spec §2). The dashboard home is the index route. */
export const dashboardRoutes: DashboardRoute[] = [
  ...inGroup('employeesCustomers', [
    { path: 'employee/users', label: 'users', menu: true, ...employeePages.users },
    {
      path: 'employee/edit-user/:id',
      label: 'editUser',
      parent: 'employee/users',
      ...employeePages.editUser,
    },
    {
      path: 'employee/create-user',
      label: 'createUser',
      parent: 'employee/users',
      ...employeePages.createUser,
    },
    { path: 'employee/roles', label: 'roles', menu: true, ...employeePages.roles },
    {
      path: 'employee/create-role',
      label: 'createRole',
      parent: 'employee/roles',
      ...employeePages.createRole,
    },
    { path: 'employee/permissions', label: 'employeePermissions', menu: true, ...employeePages.permissions },
    {
      path: 'employee/create-permission',
      label: 'createEmployeePermission',
      parent: 'employee/permissions',
      ...employeePages.createPermission,
    },
    {
      path: 'employee/edit-permission/:id',
      label: 'editEmployeePermission',
      parent: 'employee/permissions',
      ...employeePages.editPermission,
    },
    {
      path: 'customer/permissions',
      label: 'customerPermissions',
      menu: true,
      ...employeePages.customerPermissions,
    },
    {
      path: 'customer/create-permission',
      label: 'createCustomerPermission',
      parent: 'customer/permissions',
      ...employeePages.createCustomerPermission,
    },
    {
      path: 'customer/edit-permission/:id',
      label: 'editCustomerPermission',
      parent: 'customer/permissions',
      ...employeePages.editCustomerPermission,
    },
    { path: 'customer', label: 'customers', menu: true, ...customerPages.customers },
    { path: 'customer/info', label: 'customerInfo', parent: 'customer', ...customerPages.customerInfo },
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
    { path: 'loyalty/rules', label: 'pointsRules', menu: true, ...loyaltyPages.rules },
    { path: 'create-rules', label: 'createPointsRule', parent: 'loyalty/rules', ...loyaltyPages.createRule },
    { path: 'edit-rules/:id', label: 'editPointsRule', parent: 'loyalty/rules', ...loyaltyPages.editRule },
    { path: 'loyalty/transaction', label: 'transactionTypes', menu: true, ...loyaltyPages.transactionTypes },
    {
      path: 'loyalty/transaction-create',
      label: 'createTransactionType',
      parent: 'loyalty/transaction',
      ...loyaltyPages.createTransactionType,
    },
    {
      path: 'transaction-edit/:id',
      label: 'editTransactionType',
      parent: 'loyalty/transaction',
      ...loyaltyPages.editTransactionType,
    },
  ]),
  ...inGroup('rewards', [
    { path: 'rewards/category', label: 'rewardCategories', menu: true, ...rewardPages.categories },
    {
      path: 'create-category',
      label: 'createRewardCategory',
      parent: 'rewards/category',
      ...rewardPages.createCategory,
    },
    {
      path: 'edit-category/:id',
      label: 'editRewardCategory',
      parent: 'rewards/category',
      ...rewardPages.editCategory,
    },
    { path: 'rewards/vocher', label: 'vouchers', menu: true, ...rewardPages.vouchers },
    {
      path: 'rewards/create-Vocher',
      label: 'createVoucher',
      parent: 'rewards/vocher',
      ...rewardPages.createVoucher,
    },
    {
      path: 'rewards/edit-vocher/:id',
      label: 'editVoucher',
      parent: 'rewards/vocher',
      ...rewardPages.editVoucher,
    },
    { path: 'rewards/stores', label: 'stores', menu: true, ...rewardPages.stores },
    {
      path: 'rewards/create-store',
      label: 'createStore',
      parent: 'rewards/stores',
      ...rewardPages.createStore,
    },
    {
      path: 'rewards/edit-stores/:id',
      label: 'editStore',
      parent: 'rewards/stores',
      ...rewardPages.editStore,
    },
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
    { path: 'security/credential', label: 'credentialPolicy', menu: true, ...securityPages.credential },
    { path: 'security/SCA', label: 'sca', menu: true, ...securityPages.sca },
    { path: 'security/SCA/Add', label: 'addSca', parent: 'security/SCA', ...securityPages.addSca },
    { path: 'security/SCA/Edit/:id', label: 'editSca', parent: 'security/SCA', ...securityPages.editSca },
    { path: 'security/SCA/View/:id', label: 'viewSca', parent: 'security/SCA', ...securityPages.viewSca },
    {
      path: 'security/PasswordSettings',
      label: 'passwordSettings',
      menu: true,
      ...securityPages.passwordSettings,
    },
    {
      path: 'security/PasswordSettings/Add/Lock',
      label: 'addLockSettings',
      parent: 'security/PasswordSettings',
      ...securityPages.addLock,
    },
    {
      path: 'security/PasswordSettings/Add/Expiry',
      label: 'addExpirySettings',
      parent: 'security/PasswordSettings',
      ...securityPages.addExpiry,
    },
    {
      path: 'security/PasswordSettings/Edit/:id',
      label: 'editPasswordSettings',
      parent: 'security/PasswordSettings',
      ...securityPages.editPasswordSetting,
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
    { path: 'admin', label: 'administration', menu: true, ...securityPages.admin },
    { path: 'Requests', label: 'requests', menu: true, page: RequestsPage },
    { path: 'RequestHistory', label: 'requestHistory', menu: true, page: RequestHistoryPage },
    { path: 'Approvals', label: 'approvals', menu: true, page: ApprovalsPage },
    { path: 'ApprovalHistory', label: 'approvalHistory', menu: true, page: ApprovalHistoryPage },
    {
      path: 'ServiceTypes',
      label: 'serviceTypes',
      menu: true,
      page: ServiceTypeListPage,
      permission: makerCheckerRead.code,
    },
    {
      path: 'ServiceTypes/Create',
      label: 'createServiceType',
      parent: 'ServiceTypes',
      page: ServiceTypeCreatePage,
      permission: serviceCommands.createType.name,
    },
    {
      path: 'ServiceTypes/Edit/:id',
      label: 'editServiceType',
      parent: 'ServiceTypes',
      page: ServiceTypeEditPage,
      permission: serviceCommands.updateType.name,
    },
    {
      path: 'ServiceTypes/Services',
      label: 'services',
      menu: true,
      page: ServicesPage,
      permission: makerCheckerRead.code,
    },
    {
      path: 'SystemLogs',
      label: 'systemLogs',
      menu: true,
      page: SystemLogsPage,
      permission: systemLogRead.code,
    },
    {
      path: 'SystemLogs/AdminLogs',
      label: 'adminLogs',
      menu: true,
      page: AdminLogsPage,
      permission: adminLogRead.code,
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
      page: MakerCheckerPage,
      permission: makerCheckerRead.code,
    },
    { path: 'MasterDataManagement/Features', label: 'features', menu: true },
  ]),
];
