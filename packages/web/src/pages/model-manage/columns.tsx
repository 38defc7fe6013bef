import { Button, Tag, type TableColumnProps } from '@arco-design/web-react';
import type { Ability } from '@/api/channels';

const FlagTag = ({ on }: { on: boolean }) => <Tag color={on ? 'green' : 'gray'}>{on ? '是' : '否'}</Tag>;

export function getColumns(onEdit: (ability: Ability) => void): TableColumnProps<Ability>[] {
  return [
    { title: '模型', dataIndex: 'model', width: 220 },
    { title: '提供方', dataIndex: 'owned_by', width: 120, render: (value: string) => value || '-' },
    { title: '渠道', width: 200, render: (_, row) => `#${row.channel_id} ${row.channel_name ?? ''}`.trim() },
    { title: '分组', dataIndex: 'group', width: 120, render: (value: string) => <Tag>{value}</Tag> },
    { title: '深度思考', width: 100, render: (_, row) => <FlagTag on={row.is_deep_seek} /> },
    { title: '支持图片', width: 100, render: (_, row) => <FlagTag on={row.is_viewable} /> },
    {
      title: '操作',
      width: 90,
      fixed: 'right',
      render: (_, row) => (
        <Button size="mini" type="text" onClick={() => onEdit(row)}>
          编辑
        </Button>
      ),
    },
  ];
}
