import type { RouteObject } from 'react-router';
import { LazyPage, lazyPage } from '../components/lazyPage.tsx';
import { useCan } from '../state/me.ts';
import type { ScreenHandle } from './DashboardLayout.tsx';
import { ComingSoonPage, type DashboardRoute, dashboardRoutes } from './routes.ts';

// antd's Result (with its illustrations) loads when access is denied, not with every screen.
const ForbiddenPage = lazyPage(() => import('./screens/Forbidden.tsx'));

/** A dashboard screen: its page if the user holds the permission, else "access denied". */
function Screen({ route }: { route: DashboardRoute }) {
  const can = useCan();
  if (!can(route.permission)) return <LazyPage page={ForbiddenPage} />;
  return <LazyPage page={route.page ?? ComingSoonPage} />;
}

/** The route objects of the screens under /dashboard (routes.ts), added by router.tsx on demand. */
export const dashboardScreens: RouteObject[] = dashboardRoutes.map((route) => ({
  path: route.path,
  element: <Screen route={route} />,
  handle: { route } satisfies ScreenHandle,
}));
