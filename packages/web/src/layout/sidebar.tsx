import { Layout, Menu } from '@arco-design/web-react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useNarrowScreen } from '@/lib/screen';
import { selectedMenuPath, sidebarSections, type SidebarItem } from '@/layout/sidebar-items';
import { ThemeSwitch } from '@/layout/theme-switch';
import { useSidebarStore } from '@/stores/sidebar';
import { useStatusStore } from '@/stores/status';
import { useUserStore } from '@/stores/user';

function renderItem(item: SidebarItem) {
  const Icon = item.icon;
  return (
    <Menu.Item key={item.path}>
      <Icon />
      {item.label}
    </Menu.Item>
  );
}

export function Sidebar() {
  const user = useUserStore((state) => state.user);
  const status = useStatusStore((state) => state.status);
  const collapsed = useSidebarStore((state) => state.collapsed);
  const setCollapsed = useSidebarStore((state) => state.setCollapsed);
  const narrow = useNarrowScreen();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const sections = sidebarSections(user, status);
  const selected = selectedMenuPath(pathname, sections);

  return (
    <Layout.Sider className="shell-sider" collapsible collapsed={collapsed} onCollapse={setCollapsed}>
      <div className="shell-brand" onClick={() => navigate('/entry')}>
        {status?.logo && <img src={status.logo} alt="" className="shell-brand-logo" />}
        {!collapsed && <span className="shell-brand-name">{status?.system_name || 'AI 模型网关'}</span>}
      </div>
      <Menu selectedKeys={selected ? [selected] : []} onClickMenuItem={(key) => navigate(key)} collapse={collapsed}>
        {sections.map((section) =>
          section.title ? (
            <Menu.ItemGroup key={section.group} title={section.title}>
              {section.items.map(renderItem)}
            </Menu.ItemGroup>
          ) : (
            section.items.map(renderItem)
          ),
        )}
      </Menu>
      {narrow && (
        <div className="shell-sider-theme">
          <ThemeSwitch />
        </div>
      )}
    </Layout.Sider>
  );
}
