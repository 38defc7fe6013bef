import { Alert, Tabs } from '@arco-design/web-react';
import { useSearchParams } from 'react-router-dom';
import { ROLE_GUEST } from '@gw/shared';
import { useUserStore } from '@/stores/user';
import { OperationTab } from './operation';
import { OtherTab } from './other';
import { PersonalTab } from './personal';
import { canEditOptions, resolveTab, visibleTabs, type SettingTab } from './setting-tabs';
import { SystemTab } from './system';
import './setting.css';

const MSG_OPTIONS_READ_ONLY = '仅超级管理员可修改这些设置，当前为只读';

const TAB_CONTENT: Record<SettingTab, (props: { readOnly: boolean }) => JSX.Element> = {
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
    <div className="setting-page">
      <Tabs className="setting-tabs" activeTab={activeTab} onChange={handleTabChange} destroyOnHide>
        {visibleTabs(role).map(({ key, title }) => {
          const Content = TAB_CONTENT[key];
          const readOnly = key !== 'personal' && !canEditOptions(role);
          return (
            <Tabs.TabPane key={key} title={title}>
              {readOnly && <Alert type="warning" content={MSG_OPTIONS_READ_ONLY} style={{ marginBottom: 16 }} />}
              <Content readOnly={readOnly} />
            </Tabs.TabPane>
          );
        })}
      </Tabs>
    </div>
  );
}
