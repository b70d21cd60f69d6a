import type { MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import { LangLink } from '../components/LangLink.tsx';
import { DASHBOARD, type DashboardRoute, dashboardPath, dashboardRoutes, menuGroups } from './routes.ts';

export const HOME_KEY = DASHBOARD;

type MenuItem = NonNullable<MenuProps['items']>[number];

/** The sider menu, built from the route table: one submenu per area, entries the user may open. */
export function buildMenu(t: TFunction, can: (permission: string | undefined) => boolean): MenuItem[] {
  const link = (to: string, label: string) => <LangLink to={to}>{label}</LangLink>;
  const groups = menuGroups.flatMap((group): MenuItem[] => {
    const children = dashboardRoutes
      .filter((r) => r.group === group && r.menu && can(r.permission))
      .map((r) => ({
        key: dashboardPath(r.path),
        label: link(dashboardPath(r.path), t(`routes.${r.label}`)),
      }));
    return children.length ? [{ key: group, label: t(`menu.groups.${group}`), children }] : [];
  });
  return [{ key: HOME_KEY, label: link(DASHBOARD, t('routes.dashboard')) }, ...groups];
}

/** The menu key to highlight for a screen, and the submenu to open. */
export function menuSelection(route: DashboardRoute | undefined): { selected: string; open?: string } {
  if (!route) return { selected: HOME_KEY };
  return {
    selected: dashboardPath(route.menu ? route.path : (route.parent ?? route.path)),
    open: route.group,
  };
}
