import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Layout } from '@arco-design/web-react';
import { PageLoading } from '@/components/page-loading';
import { useNarrowScreen } from '@/lib/screen';
import { AppHeader } from '@/layout/app-header';
import { Sidebar } from '@/layout/sidebar';
import { SiteFooter } from '@/layout/site-footer';
import { SiteNotice } from '@/layout/site-notice';
import '@/layout/shell.css';

/** Sidebar (on a phone: the header's menu drawer), header, page, footer and the site notice. */
export function ShellLayout() {
  const narrow = useNarrowScreen();
  return (
    // Arco finds the sider only among direct children; ours is wrapped, so say it explicitly.
    <Layout className="shell" hasSider={!narrow}>
      {!narrow && <Sidebar />}
      <Layout>
        <AppHeader />
        <Layout.Content className="shell-content">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
        <SiteFooter />
      </Layout>
      <SiteNotice />
    </Layout>
  );
}
