import { Layout, Space } from '@arco-design/web-react';
import { useNarrowScreen } from '@/lib/screen';
import { AvatarMenu } from '@/layout/avatar-menu';
import { ThemeSwitch } from '@/layout/theme-switch';

/** On wide screens the theme switch sits here; on narrow ones it moves to the sidebar. */
export function AppHeader() {
  const narrow = useNarrowScreen();
  return (
    <Layout.Header className="shell-header">
      <Space size="medium">
        {!narrow && <ThemeSwitch />}
        <AvatarMenu />
      </Space>
    </Layout.Header>
  );
}
