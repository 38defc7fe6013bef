import { Button, Tag } from '@arco-design/web-react';
import type { Ability } from '@/api/channels';
import type { ModelStatusSummary } from '@gw/shared';
import type { ResponsiveColumn } from '@/components/responsive-table/responsive-columns';
import { ModelStateView } from '@/pages/channel/models/model-state-view';
import { type ChannelRef, ModelStatusTag } from './model-status-tag';

const FlagTag = ({ on }: { on: boolean }) => <Tag color={on ? 'green' : 'gray'}>{on ? '是' : '否'}</Tag>;

export interface ColumnActions {
  onEdit: (ability: Ability) => void;
  onOpenChannel: (channel: ChannelRef) => void;
}

/** `states`: each model of the page over every channel (model-level health). */
export function getColumns({ onEdit, onOpenChannel }: ColumnActions, states: ReadonlyMap<string, ModelStatusSummary>): ResponsiveColumn<Ability>[] {
  return [
    { title: '模型', dataIndex: 'model', width: 220, card: 'title' },
    { title: '提供方', dataIndex: 'owned_by', width: 120, render: (value: string) => value || '-' },
    { title: '渠道', width: 200, card: 'key', render: (_, row) => `#${row.channel_id} ${row.channel_name ?? ''}`.trim() },
    { title: '分组', dataIndex: 'group', width: 120, card: 'key', render: (value: string) => <Tag>{value}</Tag> },
    { title: '本渠道状态', width: 200, card: 'key', render: (_, row) => <ModelStateView state={row} /> },
    {
      title: '各渠道状态',
      width: 220,
      card: 'key',
      render: (_, row) => {
        const summary = states.get(row.model);
        return summary ? <ModelStatusTag summary={summary} onOpenChannel={onOpenChannel} /> : '-';
      },
    },
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
