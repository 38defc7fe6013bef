import { Layout, Space } from '@arco-design/web-react';
import { useNarrowScreen } from '@/lib/screen';
import { AvatarMenu } from '@/layout/avatar-menu';
import { Brand } from '@/layout/brand';
import { PhoneNav } from '@/layout/phone-nav';
import { ThemeSwitch } from '@/layout/theme-switch';

/** On wide screens the theme switch sits here; on phones the menu button and the brand lead, the switch is in the menu. */
export function AppHeader() {
  const narrow = useNarrowScreen();
  return (
    <Layout.Header className="shell-header">
      {narrow && (
        <div className="shell-header-start">
          <PhoneNav />
          <Brand />
        </div>
      )}
      <Space size="medium">
        {!narrow && <ThemeSwitch />}
        <AvatarMenu />
      </Space>
    </Layout.Header>
  );
}
