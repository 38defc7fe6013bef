import { Result, Tabs } from '@arco-design/web-react';
import { useSearchParams } from 'react-router-dom';
import { ROLE_GUEST } from '@gw/shared';
import { useUserStore } from '@/stores/user';
import { OperationTab } from './operation';
import { OtherTab } from './other';
import { PersonalTab } from './personal';
import { canEditOptions, resolveTab, visibleTabs, type SettingTab } from './setting-tabs';
import { SystemTab } from './system';

const TAB_CONTENT: Record<SettingTab, () => JSX.Element> = {
  personal: PersonalTab,
  operation: OperationTab,
  system: SystemTab,
  other: OtherTab,
};

/** /setting: personal settings for everyone, operation, system and other settings for administrators. */
export default function SettingPage() {
  const role = useUserStore((state) => state.user?.role ?? ROLE_GUEST);
  const [searchParams, setSearchParams] = useSearchParams();
  const activeTab = resolveTab(searchParams.get('tab'), role);

  const handleTabChange = (key: string) => setSearchParams({ tab: key });

  return (
    <div style={{ padding: 16 }}>
      <Tabs activeTab={activeTab} onChange={handleTabChange} destroyOnHide>
        {visibleTabs(role).map(({ key, title }) => {
          const Content = TAB_CONTENT[key];
          const allowed = key === 'personal' || canEditOptions(role);
          return (
            <Tabs.TabPane key={key} title={title}>
              {allowed ? <Content /> : <Result status="403" subTitle="系统选项仅超级管理员可以查看和修改" />}
            </Tabs.TabPane>
          );
        })}
      </Tabs>
    </div>
  );
}
