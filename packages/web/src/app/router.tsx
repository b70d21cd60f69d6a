import { createBrowserRouter, type RouteObject } from 'react-router';
import { LazyPage, lazyPage } from '../components/lazyPage.tsx';
import { useCan } from '../state/me.ts';
import { AppShell } from './AppShell.tsx';
import type { ScreenHandle } from './DashboardLayout.tsx';
import { RequireAuth } from './RequireAuth.tsx';
import {
  ComingSoonPage,
  DASHBOARD,
  type DashboardRoute,
  dashboardRoutes,
  HomePage,
  LoginPage,
  publicRoutes,
} from './routes.ts';
import { Forbidden } from './screens/Forbidden.tsx';
import { RouteError } from './screens/RouteError.tsx';

const DashboardLayout = lazyPage(() => import('./DashboardLayout.tsx'));

/** A dashboard screen: its page if the user holds the permission, else "access denied". */
function Screen({ route }: { route: DashboardRoute }) {
  const can = useCan();
  if (!can(route.permission)) return <Forbidden />;
  return <LazyPage page={route.page ?? ComingSoonPage} />;
}

/** The route objects of the app, built from the route table (routes.ts). */
export function buildRoutes(sessionReady: Promise<void>): RouteObject[] {
  return [
    {
      element: <AppShell sessionReady={sessionReady} />,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            ...publicRoutes.map(({ path, page }) => ({ path, element: <LazyPage page={page} /> })),
            {
              path: DASHBOARD,
              element: <RequireAuth />,
              children: [
                {
                  element: <LazyPage page={DashboardLayout} />,
                  children: [
                    { index: true, element: <LazyPage page={HomePage} />, handle: {} satisfies ScreenHandle },
                    ...dashboardRoutes.map((route) => ({
                      path: route.path,
                      element: <Screen route={route} />,
                      handle: { route } satisfies ScreenHandle,
                    })),
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

export function createAppRouter(sessionReady: Promise<void>) {
  return createBrowserRouter(buildRoutes(sessionReady));
}
