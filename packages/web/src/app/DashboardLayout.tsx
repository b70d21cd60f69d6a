import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Layout } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import { logoutSession } from '../api/auth.ts';
import { AntdProvider } from '../components/AntdProvider.tsx';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
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

/** The shared layout of every /dashboard screen (antd's from here on): sider menu, header, page title. */
export default function DashboardLayout() {
  const { t } = useTranslation();
  const can = useCan();
  const { data: me } = useMe();
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  const navigate = useLangNavigate();
  const [collapsed, setCollapsed] = useState(false);

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
      <Layout style={{ minHeight: '100vh' }}>
        {/* The first stop of the Tab key: past the menu to the screen (WCAG 2.4.1), shown when focused. */}
        <a className="skip-link" href="#content">
          {t('common.skipToContent')}
        </a>
        <Layout.Sider collapsible collapsed={collapsed} onCollapse={setCollapsed} width={264} breakpoint="lg">
          {/* Folded (below antd's lg breakpoint, or by its trigger), the sider keeps only the trigger
              that unfolds it: the menu has no icons to show in a narrow column. */}
          <div hidden={collapsed}>
            <h5
              style={{ ...heading(5), color: '#fff', margin: 16, whiteSpace: 'nowrap', overflow: 'hidden' }}
            >
              {t('app.name')}
            </h5>
            <SiderNav items={buildMenu(t, can)} selected={selected} open={open} />
          </div>
        </Layout.Sider>
        <Layout>
          <Layout.Header style={{ background: '#fff', paddingInline: 24 }}>
            <Flex justify="space-between" align="center" style={{ height: '100%' }}>
              <h4 style={{ ...heading(4), margin: 0 }}>{title}</h4>
              <Flex gap={16} align="center">
                <PendingApprovals />
                <LanguageSwitch />
                <span data-testid="user-name" translate="no">
                  {me?.fullName}
                </span>
                <Button onClick={signOut}>{t('common.logout')}</Button>
              </Flex>
            </Flex>
          </Layout.Header>
          <Layout.Content id="content" tabIndex={-1} style={{ margin: 24, outline: 'none' }}>
            <Outlet />
            <IdleTimeout />
            <StepUpPrompt />
          </Layout.Content>
        </Layout>
      </Layout>
    </AntdProvider>
  );
}
