import type { RouteObject } from 'react-router';
import { LazyPage } from '../components/lazyPage.tsx';
import { useCan } from '../state/me.ts';
import type { ScreenHandle } from './DashboardLayout.tsx';
import { ComingSoonPage, type DashboardRoute, dashboardRoutes } from './routes.ts';
import { Forbidden } from './screens/Forbidden.tsx';

/** A dashboard screen: its page if the user holds the permission, else "access denied". */
function Screen({ route }: { route: DashboardRoute }) {
  const can = useCan();
  if (!can(route.permission)) return <Forbidden />;
  return <LazyPage page={route.page ?? ComingSoonPage} />;
}

/** The route objects of the screens under /dashboard (routes.ts), added by router.tsx on demand. */
export const dashboardScreens: RouteObject[] = dashboardRoutes.map((route) => ({
  path: route.path,
  element: <Screen route={route} />,
  handle: { route } satisfies ScreenHandle,
}));
