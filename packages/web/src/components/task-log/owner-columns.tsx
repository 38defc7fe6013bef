import { Tag, type TableColumnProps } from '@arco-design/web-react';
import { UserPopover } from '@/pages/log/user-popover';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';

/** The admin-only fields every task row carries. */
interface TaskOwner {
  channel_id?: number;
  user_id?: number;
  username?: string;
}

/** 渠道 and 用户, the administrators' columns of both task tables; the user opens the same popup as on the log page. */
export function ownerColumns<Row extends TaskOwner>(display: QuotaDisplay): TableColumnProps<Row>[] {
  return [
    {
      title: '渠道',
      dataIndex: 'channel_id',
      width: 90,
      render: (_: unknown, task: Row) => (task.channel_id ? <Tag size="small">#{task.channel_id}</Tag> : '-'),
    },
    {
      title: '用户',
      dataIndex: 'username',
      width: 120,
      render: (_: unknown, task: Row) =>
        task.user_id ? <UserPopover userId={task.user_id} username={task.username || `#${task.user_id}`} display={display} /> : '-',
    },
  ];
}
