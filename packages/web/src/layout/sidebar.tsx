import { Layout } from '@arco-design/web-react';
import { Brand } from '@/layout/brand';
import { NavMenu } from '@/layout/nav-menu';
import { useSidebarStore } from '@/stores/sidebar';

/** The desktop sidebar: the brand and the menu, collapsible to icons (the choice is remembered). */
export function Sidebar() {
  const collapsed = useSidebarStore((state) => state.collapsed);
  const setCollapsed = useSidebarStore((state) => state.setCollapsed);
  return (
    <Layout.Sider className="shell-sider" collapsible collapsed={collapsed} onCollapse={setCollapsed}>
      <Brand showName={!collapsed} />
      <NavMenu collapsed={collapsed} />
    </Layout.Sider>
  );
}
