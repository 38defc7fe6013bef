import { useSearchParams } from 'react-router-dom';
import { Card, Tabs, Typography } from '@arco-design/web-react';
import { RunsTab } from './runs-tab';
import { TalkingsTab } from './talkings-tab';
import './history.css';

type HistoryTab = 'chats' | 'runs';

/** The tab in the address (?tab=runs), so that a link or a reload opens the same list; chats otherwise. */
const tabOf = (value: string | null): HistoryTab => (value === 'runs' ? 'runs' : 'chats');

/** /history: the user's past compare chats and workflow runs, one tab each, 10 a page. */
export default function HistoryPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const activeTab = tabOf(searchParams.get('tab'));
  return (
    <div className="history-page">
      <Typography.Title heading={4} className="history-title">
        历史记录
      </Typography.Title>
      <Card>
        <Tabs activeTab={activeTab} onChange={(key) => setSearchParams({ tab: key }, { replace: true })}>
          <Tabs.TabPane key="chats" title="对话记录">
            <TalkingsTab />
          </Tabs.TabPane>
          <Tabs.TabPane key="runs" title="工作流运行">
            <RunsTab />
          </Tabs.TabPane>
        </Tabs>
      </Card>
    </div>
  );
}
