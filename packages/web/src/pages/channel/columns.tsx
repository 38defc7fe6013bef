import { Space, Tag } from '@arco-design/web-react';
import { CHANNEL_PRIORITY_MIN, CHANNEL_TYPES, CHANNEL_WEIGHT_MIN, renderQuota } from '@gw/shared';
import type { AffinityCounts, ChannelRow } from '@/api/channels';
import type { ResponsiveColumn } from '@/components/responsive-table/responsive-columns';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';
import type { OnChannelAction } from './actions';
import { InlineNumber } from './inline-number';
import { isMultiKey } from './multi-key';
import { MultiKeyTag } from './multi-key-tag';
import { splitList } from './lists';
import { parseRowPriority, parseRowWeight, parseTagPriority, parseTagWeight } from './number-rules';
import { BalanceCell } from './balance-cell';
import { ResponseTimeTag } from './response-time-tag';
import { ChannelRowActions, TagRowActions } from './row-actions';
import { SessionTag } from './session-tag';
import { StatusTag } from './status-tag';
import { isTagRow } from './tag-rows';

function channelTypeName(type: number): string {
  return CHANNEL_TYPES.find((item) => item.id === type)?.name ?? `未知类型（${type}）`;
}

const rowName = (row: ChannelRow) => (isTagRow(row) ? `标签 ${row.tag}` : `渠道 ${row.id}`);

function PriorityCell({ row, onAction }: { row: ChannelRow; onAction: OnChannelAction }) {
  const label = `${rowName(row)} 的优先级`;
  if (isTagRow(row)) {
    return <InlineNumber label={label} value={row.priority} parse={parseTagPriority} onCommit={(value) => onAction({ kind: 'tag-priority', row, value })} />;
  }
  return (
    <InlineNumber
      label={label}
      value={row.priority}
      min={CHANNEL_PRIORITY_MIN}
      parse={parseRowPriority}
      onCommit={(value) => onAction({ kind: 'priority', channel: row, value })}
    />
  );
}

function WeightCell({ row, onAction }: { row: ChannelRow; onAction: OnChannelAction }) {
  const label = `${rowName(row)} 的权重`;
  if (isTagRow(row)) {
    return <InlineNumber label={label} value={row.weight} parse={parseTagWeight} onCommit={(value) => onAction({ kind: 'tag-weight', row, value })} />;
  }
  return (
    <InlineNumber
      label={label}
      value={row.weight}
      min={CHANNEL_WEIGHT_MIN}
      parse={parseRowWeight}
      onCommit={(value) => onAction({ kind: 'weight', channel: row, value })}
    />
  );
}

/**
 * The channel table; tag rows (tag mode) show aggregates and act on every channel of the tag. Group,
 * type and used quota wait in the row's expansion, so that priority and weight fit a 1440 px screen
 * beside the actions; a phone's card shows the status, response time and balance. A channel with
 * sessions bound to it (`sessions`, sticky routing) says how many beside its name.
 */
export function getColumns(onAction: OnChannelAction, display: QuotaDisplay, sessions: AffinityCounts): ResponsiveColumn<ChannelRow>[] {
  const sessionsOf = (row: ChannelRow) => (isTagRow(row) ? 0 : (sessions[row.id] ?? 0));
  return [
    { title: 'ID', width: 70, card: 'key', render: (_, row) => (isTagRow(row) ? '' : row.id) },
    {
      title: '名称',
      width: 160,
      card: 'title',
      render: (_, row) =>
        isTagRow(row) ? (
          <Space size={4}>
            <Tag color="arcoblue">标签</Tag>
            {row.tag}
          </Space>
        ) : isMultiKey(row) || sessionsOf(row) > 0 ? (
          <Space size={4} wrap>
            {row.name}
            <MultiKeyTag channel={row} />
            <SessionTag count={sessionsOf(row)} />
          </Space>
        ) : (
          row.name
        ),
    },
    {
      title: '分组',
      width: 140,
      inExpandedRow: true,
      render: (_, row) => (
        <Space wrap size={4}>
          {splitList(row.group).map((group) => (
            <Tag key={group}>{group}</Tag>
          ))}
        </Space>
      ),
    },
    { title: '类型', width: 130, inExpandedRow: true, render: (_, row) => (isTagRow(row) ? '' : channelTypeName(row.type)) },
    { title: '状态', width: 100, card: 'key', render: (_, row) => <StatusTag row={row} /> },
    { title: '响应时间', width: 100, card: 'key', render: (_, row) => <ResponseTimeTag row={row} /> },
    { title: '余额', width: 120, card: 'key', render: (_, row) => (isTagRow(row) ? '' : <BalanceCell channel={row} onAction={onAction} />) },
    { title: '已用额度', width: 100, inExpandedRow: true, render: (_, row) => renderQuota(row.used_quota ?? 0, display) },
    // The number input is 90 px wide, plus the cell's padding.
    { title: '优先级', width: 125, render: (_, row) => <PriorityCell row={row} onAction={onAction} /> },
    { title: '权重', width: 125, render: (_, row) => <WeightCell row={row} onAction={onAction} /> },
    {
      title: '操作',
      width: 230,
      fixed: 'right',
      card: 'actions',
      render: (_, row) => (isTagRow(row) ? <TagRowActions row={row} onAction={onAction} /> : <ChannelRowActions channel={row} sessions={sessionsOf(row)} onAction={onAction} />),
    },
  ];
}
