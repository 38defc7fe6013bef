import { Link, useNavigate } from 'react-router-dom';
import { Button, Card, Empty, List } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { formatTimestamp } from '@/lib/time';
import { talkingHistoryLink } from '@/pages/multi-model-compare/launch-state';
import { useRecentTalkings } from './use-recent-talkings';

/** 最近对话: the latest compare chats, each opening its history page; a new chat starts on the landing page. */
export function RecentTalkingsCard() {
  const { talkings, loading } = useRecentTalkings();
  const navigate = useNavigate();
  return (
    <Card
      title="最近对话"
      className="workspace-card"
      extra={
        <span className="workspace-links">
          <Button size="mini" type="primary" icon={<IconPlus />} onClick={() => navigate('/multi-model-chat')}>
            新建对话
          </Button>
          <Link to="/history">全部对话</Link>
        </span>
      }
    >
      <List
        size="small"
        bordered={false}
        loading={loading}
        dataSource={talkings}
        noDataElement={<Empty description="还没有对话记录" />}
        render={(talking) => (
          <List.Item key={talking.id}>
            <div className="workspace-item">
              <Link {...talkingHistoryLink(talking)} className="workspace-item-title" title={talking.name}>
                {talking.name}
              </Link>
              <span className="workspace-item-meta">{formatTimestamp(talking.updated_at)}</span>
            </div>
          </List.Item>
        )}
      />
    </Card>
  );
}
