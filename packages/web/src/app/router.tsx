import { createBrowserRouter, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { LoadingOverlay } from '../components/LoadingOverlay.tsx';
import { LazyPage, lazyPage } from '../components/lazyPage.tsx';
import { AppShell } from './AppShell.tsx';
import type { ScreenHandle } from './DashboardLayout.tsx';
import { DASHBOARD, HomePage, LoginPage, type PublicRoute, publicRoutes } from './publicRoutes.ts';
import { RequireAuth } from './RequireAuth.tsx';
import { RouteError } from './screens/RouteError.tsx';

const DashboardLayout = lazyPage(() => import('./DashboardLayout.tsx'));
const AntdLayout = lazyPage(() => import('../components/AntdProvider.tsx'));

const routeOf = ({ path, page }: PublicRoute): RouteObject => ({ path, element: <LazyPage page={page} /> });

/** The id of the layout route whose children are the dashboard screens. */
const SCREENS_PARENT = 'dashboard';

/** The route objects of the app; the dashboard screens come in by `patchRoutesOnNavigation`. */
export function buildRoutes(sessionReady: Promise<void>): RouteObject[] {
  return [
    {
      element: <AppShell sessionReady={sessionReady} />,
      // Shown while the first navigation fetches the dashboard screens (no strings yet).
      hydrateFallbackElement: <LoadingOverlay text="" />,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            ...publicRoutes.filter((r) => r.plain).map(routeOf),
            {
              element: <LazyPage page={AntdLayout} />,
              children: publicRoutes.filter((r) => !r.plain).map(routeOf),
            },
            {
              path: DASHBOARD,
              element: <RequireAuth />,
              children: [
                {
                  id: SCREENS_PARENT,
                  element: <LazyPage page={DashboardLayout} />,
                  children: [
                    { index: true, element: <LazyPage page={HomePage} />, handle: {} satisfies ScreenHandle },
                  ],
                },
              ],
            },
            // Spec §2: any unknown path shows the login page.
            { path: '*', element: <LazyPage page={LoginPage} /> },
          ],
        },
      ],
    },
  ];
}

/**
 * Adds the dashboard screens (routes.ts, with every contracts descriptor and feature page list)
 * the first time a /dashboard/... path is opened, so the sign-in page does not download the table
 * (issue 24). Until then such a path matches only the `*` route, which is when React Router asks.
 * One per router.
 */
export function dashboardScreensOnDemand(): PatchRoutesOnNavigationFunction {
  let patched = false;
  return async ({ path, patch }) => {
    if (patched || !path.startsWith(`${DASHBOARD}/`)) return;
    const { dashboardScreens } = await import('./dashboardScreens.tsx');
    if (patched) return;
    patched = true;
    patch(SCREENS_PARENT, dashboardScreens);
  };
}

export function createAppRouter(sessionReady: Promise<void>) {
  return createBrowserRouter(buildRoutes(sessionReady), {
    patchRoutesOnNavigation: dashboardScreensOnDemand(),
  });
}
