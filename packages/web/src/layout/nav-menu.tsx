import { Menu } from '@arco-design/web-react';
import { useLocation, useNavigate } from 'react-router-dom';
import { selectedMenuPath, sidebarSections, type SidebarItem } from '@/layout/sidebar-items';
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

/** The console's menu (spec 1 §2.2): in the sidebar on a desktop, in the menu drawer on a phone. */
export function NavMenu({ collapsed = false }: { collapsed?: boolean }) {
  const user = useUserStore((state) => state.user);
  const status = useStatusStore((state) => state.status);
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const sections = sidebarSections(user, status);
  const selected = selectedMenuPath(pathname, sections);

  return (
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
  );
}
