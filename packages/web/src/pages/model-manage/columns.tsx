import { Button, Tag } from '@arco-design/web-react';
import type { Ability } from '@/api/channels';
import type { ResponsiveColumn } from '@/components/responsive-table/responsive-columns';

const FlagTag = ({ on }: { on: boolean }) => <Tag color={on ? 'green' : 'gray'}>{on ? '是' : '否'}</Tag>;

export function getColumns(onEdit: (ability: Ability) => void): ResponsiveColumn<Ability>[] {
  return [
    { title: '模型', dataIndex: 'model', width: 220, card: 'title' },
    { title: '提供方', dataIndex: 'owned_by', width: 120, render: (value: string) => value || '-' },
    { title: '渠道', width: 200, card: 'key', render: (_, row) => `#${row.channel_id} ${row.channel_name ?? ''}`.trim() },
    { title: '分组', dataIndex: 'group', width: 120, card: 'key', render: (value: string) => <Tag>{value}</Tag> },
    { title: '深度思考', width: 100, card: 'key', render: (_, row) => <FlagTag on={row.is_deep_seek} /> },
    { title: '支持图片', width: 100, card: 'key', render: (_, row) => <FlagTag on={row.is_viewable} /> },
    {
      title: '操作',
      width: 90,
      fixed: 'right',
      card: 'actions',
      render: (_, row) => (
        <Button size="mini" type="text" onClick={() => onEdit(row)}>
          编辑
        </Button>
      ),
    },
  ];
}
