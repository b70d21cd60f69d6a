import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex } from 'antd';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import { logoutSession } from '../api/auth.ts';
import { AntdProvider } from '../components/AntdProvider.tsx';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import { LocalText } from '../components/localized.tsx';
import { PendingApprovals } from '../features/approvals/PendingApprovals.tsx';
import { IdleTimeout } from '../features/auth/IdleTimeout.tsx';
import { StepUpPrompt } from '../features/auth/StepUpPrompt.tsx';
import { useLangNavigate } from '../i18n/lang.ts';
import { logout } from '../state/auth.ts';
import { useCan, useMe } from '../state/me.ts';
import { useAppDispatch } from '../state/store.ts';
import { buildMenu, menuSelection } from './menu.ts';
import type { DashboardRoute } from './routes.ts';
import { SiderNav } from './SiderNav.tsx';
import './dashboardLayout.css';

/**
 * antd's heading sizes (h4 20 px, h5 16 px), drawn without its Typography, whose editable and
 * copyable parts would otherwise come with every screen.
 */
const heading = (level: 4 | 5) => ({
  fontSize: level === 4 ? 20 : 16,
  lineHeight: level === 4 ? 1.4 : 1.5,
  fontWeight: 600,
  color: 'rgba(0, 0, 0, 0.88)',
});

/** Route `handle` of dashboard screens (see router.tsx). */
export interface ScreenHandle {
  route?: DashboardRoute;
}

/** Below antd's `lg` breakpoint the sider folds by itself, as antd's `Layout.Sider breakpoint="lg"` did. */
const narrow = '(max-width: 991.98px)';

/**
 * The shared layout of every /dashboard screen (antd's components from here on): sider menu,
 * header, page title. Drawn in antd's Layout look without it (2.5 KB, issue 24): `aside`, `header`
 * and `main` landmarks, the sider's fold a named button.
 */
export default function DashboardLayout() {
  const { t } = useTranslation();
  const can = useCan();
  const { data: me } = useMe();
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  const navigate = useLangNavigate();
  const [collapsed, setCollapsed] = useState(() => window.matchMedia?.(narrow).matches ?? false);
  const navId = useId();
  useEffect(() => {
    const query = window.matchMedia?.(narrow);
    const follow = () => setCollapsed(query.matches);
    query?.addEventListener('change', follow);
    return () => query?.removeEventListener('change', follow);
  }, []);

  const matches = useMatches();
  const route = (matches.at(-1)?.handle as ScreenHandle | undefined)?.route;
  const { selected, open } = menuSelection(route);
  const title = t(`routes.${route?.label ?? 'dashboard'}`);

  const signOut = async () => {
    await logoutSession().catch(() => undefined); // signing out locally matters most
    navigate('/', { replace: true });
    dispatch(logout());
    queryClient.clear();
  };

  return (
    <AntdProvider>
      {/* `plain`: the theme's text, which antd's Layout gave the sider and the header. */}
      <div className="dashboard plain">
        {/* The first stop of the Tab key: past the menu to the screen (WCAG 2.4.1), shown when focused. */}
        <a className="skip-link" href="#content">
          {t('common.skipToContent')}
        </a>
        <aside className={`dashboard-sider${collapsed ? ' dashboard-sider-folded' : ''}`}>
          {/* Folded (below the lg breakpoint, or by its button), the sider keeps only the button that
              unfolds it: the menu has no icons to show in a narrow column. */}
          <div id={navId} hidden={collapsed}>
            <h5
              style={{ ...heading(5), color: '#fff', margin: 16, whiteSpace: 'nowrap', overflow: 'hidden' }}
            >
              {t('app.name')}
            </h5>
            <SiderNav items={buildMenu(t, can)} selected={selected} open={open} />
          </div>
          <button
            type="button"
            className="dashboard-sider-fold"
            aria-label={t('menu.toggle')}
            aria-expanded={!collapsed}
            aria-controls={navId}
            onClick={() => setCollapsed(!collapsed)}
          >
            {collapsed ? <RightOutlined /> : <LeftOutlined />}
          </button>
        </aside>
        <div className="dashboard-main">
          <header className="dashboard-header">
            <Flex justify="space-between" align="center" style={{ height: '100%' }}>
              <h4 className="dashboard-title" style={{ ...heading(4), margin: 0 }} title={title}>
                {title}
              </h4>
              <Flex gap={16} align="center">
                <PendingApprovals />
                <LanguageSwitch />
                <span data-testid="user-name" className="dashboard-user-name" translate="no">
                  {me && <LocalText en={me.fullName} ar={me.fullNameAr} />}
                </span>
                <Button onClick={signOut}>{t('common.logout')}</Button>
              </Flex>
            </Flex>
          </header>
          <main id="content" tabIndex={-1} className="dashboard-content">
            <Outlet />
            <IdleTimeout />
            <StepUpPrompt />
          </main>
        </div>
      </div>
    </AntdProvider>
  );
}
