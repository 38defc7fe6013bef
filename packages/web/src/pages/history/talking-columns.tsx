import { Link } from 'react-router-dom';
import { Button, Popconfirm, Space } from '@arco-design/web-react';
import { IconDelete, IconEdit } from '@arco-design/web-react/icon';
import type { TalkingView } from '@gw/shared';
import type { ResponsiveColumn } from '@/components/responsive-table/responsive-columns';
import { formatTimestamp } from '@/lib/time';
import { talkingHistoryLink } from '@/pages/multi-model-compare/launch-state';

export type TalkingAction = 'rename' | 'delete';

/** The chat list's columns: the name opens the chat; rename and delete go through `onAction`. */
export function getTalkingColumns(onAction: (action: TalkingAction, talking: TalkingView) => void | Promise<void>): ResponsiveColumn<TalkingView>[] {
  return [
    {
      title: '对话',
      dataIndex: 'name',
      card: 'title',
      render: (_, talking) => (
        <Link {...talkingHistoryLink(talking)} className="history-name" title={talking.name}>
          {talking.name}
        </Link>
      ),
    },
    { title: '最近更新', dataIndex: 'updated_at', width: 170, card: 'key', render: (seconds: number) => formatTimestamp(seconds) },
    { title: '创建时间', dataIndex: 'created_at', width: 170, render: (seconds: number) => formatTimestamp(seconds) },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      card: 'actions',
      render: (_, talking) => (
        <Space size={4}>
          <Button size="mini" type="text" icon={<IconEdit />} aria-label={`重命名 ${talking.name}`} onClick={() => onAction('rename', talking)}>
            重命名
          </Button>
          <Popconfirm title="确定删除该对话吗？" onOk={() => onAction('delete', talking)}>
            <Button size="mini" type="text" status="danger" icon={<IconDelete />} aria-label={`删除 ${talking.name}`}>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
}
