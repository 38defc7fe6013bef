import { Button, Space, Tag, Typography } from '@arco-design/web-react';
import { SESSION_DEVICE_LABELS, type SessionView } from '@gw/shared';
import { ResponsiveTable } from '@/components/responsive-table/responsive-table';
import type { ResponsiveColumn } from '@/components/responsive-table/responsive-columns';
import { formatTimestamp } from '@/lib/time';

/** "Chrome 120 · Windows 10", or what the user agent gave of it. */
export const browserAndOs = (session: SessionView) => [session.browser, session.os].filter(Boolean).join(' · ') || '未知浏览器';

interface SessionTableProps {
  sessions: SessionView[];
  loading: boolean;
  /** The session being ended (its button spins). */
  ending?: string;
  onEnd: (session: SessionView) => void;
  /** Whether the current session gets a 退出 button too (the administrator's view of its own account: no). */
  canEndCurrent?: boolean;
}

/** Signed-in devices: a table on a desktop, a card per session on a phone (ResponsiveTable). */
export function SessionTable({ sessions, loading, ending, onEnd, canEndCurrent = false }: SessionTableProps) {
  const columns: ResponsiveColumn<SessionView>[] = [
    {
      title: '设备',
      key: 'browser',
      card: 'title',
      render: (_: unknown, session: SessionView) => (
        <Space size={6} wrap>
          {/* Data, not interface: the browser and OS names as the user agent gives them (e2e page checks skip .user-agent-text). */}
          <Typography.Text bold className="user-agent-text">
            {browserAndOs(session)}
          </Typography.Text>
          {session.current && (
            <Tag size="small" color="green">
              当前设备
            </Tag>
          )}
        </Space>
      ),
    },
    { title: '类型', dataIndex: 'device', width: 70, card: 'key', render: (device: SessionView['device']) => SESSION_DEVICE_LABELS[device] ?? device },
    { title: 'IP', dataIndex: 'ip', width: 140, card: 'key', render: (ip: string) => ip || '-' },
    { title: '登录时间', dataIndex: 'created_at', width: 180, card: 'key', render: (time: number) => formatTimestamp(time) },
    { title: '最近活动', dataIndex: 'last_seen_at', width: 180, card: 'key', render: (time: number) => formatTimestamp(time) },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      card: 'actions',
      render: (_: unknown, session: SessionView) =>
        session.current && !canEndCurrent ? null : (
          <Button type="text" size="small" status="danger" loading={ending === session.id} aria-label={`退出 ${browserAndOs(session)}`} onClick={() => onEnd(session)}>
            退出
          </Button>
        ),
    },
  ];
  return <ResponsiveTable<SessionView> rowKey="id" columns={columns} data={sessions} loading={loading} pagination={false} noDataElement="暂无登录设备" />;
}
