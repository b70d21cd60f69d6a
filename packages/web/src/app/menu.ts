import type { TFunction } from 'i18next';
import { DASHBOARD, type DashboardRoute, dashboardPath, dashboardRoutes, menuGroups } from './routes.ts';

/** An entry of the sider menu: a screen (its path and label), or an area with its screens. */
export interface MenuItem {
  key: string;
  label: string;
  children?: MenuItem[];
}

/** The sider menu, built from the route table: one group per area, entries the user may open. */
export function buildMenu(t: TFunction, can: (permission: string | undefined) => boolean): MenuItem[] {
  const groups = menuGroups.flatMap((group): MenuItem[] => {
    const children = dashboardRoutes
      .filter((r) => r.group === group && r.menu && can(r.permission))
      .map((r) => ({ key: dashboardPath(r.path), label: t(`routes.${r.label}`) }));
    return children.length ? [{ key: group, label: t(`menu.groups.${group}`), children }] : [];
  });
  return [{ key: DASHBOARD, label: t('routes.dashboard') }, ...groups];
}

/** The menu key to highlight for a screen, and the group to open. */
export function menuSelection(route: DashboardRoute | undefined): { selected: string; open?: string } {
  if (!route) return { selected: DASHBOARD };
  return {
    selected: dashboardPath(route.menu ? route.path : (route.parent ?? route.path)),
    open: route.group,
  };
}
