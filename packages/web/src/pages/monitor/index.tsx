import { useEffect } from 'react';
import { Card, Tabs } from '@arco-design/web-react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useUserStore } from '@/stores/user';
import { MonitorPanel } from './monitor-panel';
import { monitorAccess, type MonitorTab } from './monitor-view';
import './monitor.css';

/**
 * 监控面板 (spec 2 monitor dashboard, §6): administrators choose 上游监控 (channels, user 1 only) or
 * 下游监控 (tokens; another user's with ?userId=); everyone else sees their own tokens. The tab lives
 * in the query (tab=upstream), so a link opens it.
 */
export default function MonitorPage() {
  const viewer = useUserStore((state) => state.user);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const access = monitorAccess(viewer ?? { id: 0, role: 0 }, params);

  useEffect(() => {
    if (access.redirect) navigate('/monitor', { replace: true });
  }, [access.redirect, navigate]);

  const handleTabChange = (tab: string) => {
    const next = new URLSearchParams(params);
    if (tab === 'upstream') next.set('tab', 'upstream');
    else next.delete('tab');
    setParams(next);
  };

  if (access.redirect) return null;
  const title = (tab: MonitorTab) => (tab === 'upstream' ? '上游监控' : access.downstreamLabel);
  return (
    <Card title="监控面板">
      <Tabs activeTab={access.tab} onChange={handleTabChange} destroyOnHide>
        {access.tabs.map((tab) => (
          <Tabs.TabPane key={tab} title={title(tab)}>
            <MonitorPanel tab={tab} userId={access.userId} />
          </Tabs.TabPane>
        ))}
      </Tabs>
    </Card>
  );
}
