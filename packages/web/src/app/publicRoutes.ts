import { areaPages, lazyPage, type PageLoader } from '../components/lazyPage.tsx';

// What the router needs before anyone signs in. The table of dashboard screens (routes.ts: every
// resource descriptor of contracts, every feature's pages) loads with the first /dashboard/...
// screen instead (router.tsx, issue 24).

export interface PublicRoute {
  path: string;
  label: string;
  page: PageLoader;
  /** Drawn without antd (the sign-in page, issue 24); the other pages get antd's provider. */
  plain?: true;
}

export const DASHBOARD = '/dashboard';
export const dashboardPath = (path: string) => `${DASHBOARD}/${path}`;

export const ComingSoonPage = lazyPage(() => import('./screens/ComingSoon.tsx'));
export const LoginPage = lazyPage(() => import('../features/auth/LoginPage.tsx'));
export const HomePage = areaPages('home')(() => import('../features/home/HomePage.tsx'));
const ForgotPasswordPage = lazyPage(() => import('../features/auth/ForgotPasswordPage.tsx'));
const ChangePasswordPage = lazyPage(() => import('../features/auth/ChangePasswordPage.tsx'));
const VerifyEmailPage = lazyPage(() => import('../features/auth/VerifyEmailPage.tsx'));

/** Spec §2 public routes. `/` is also the fallback for any unknown path (see router.tsx). */
export const publicRoutes: PublicRoute[] = [
  { path: '/', label: 'signIn', page: LoginPage, plain: true },
  { path: '/forget-password', label: 'forgetPassword', page: ForgotPasswordPage },
  { path: '/change-password', label: 'changePassword', page: ChangePasswordPage },
  // Not in spec §2: the link that confirms a staff member's new e-mail address (issue 18).
  { path: '/verify-email', label: 'verifyEmail', page: VerifyEmailPage },
];
