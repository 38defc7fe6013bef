import { Space, Tag, Tooltip, Typography, type TableColumnProps } from '@arco-design/web-react';
import type { LogItem } from '@/api/logs';
import { QuotaText } from '@/components/quota-text';
import { formatTimestamp } from '@/lib/time';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';
import { UserPopover } from './user-popover';
import {
  detailText,
  firstTokenColor,
  formatFirstToken,
  logTypeTag,
  modelText,
  parseAttempts,
  parseOther,
  retryPath,
  totalTimeColor,
} from './log-view';

/** Use time, first-token time (streams) and the stream tag (spec 2 §9). */
function TimingCell({ log }: { log: LogItem }) {
  const frt = parseOther(log).frt;
  return (
    <Space size={4} wrap>
      <Tag color={totalTimeColor(log.use_time)} size="small">
        {log.use_time} s
      </Tag>
      {log.is_stream && typeof frt === 'number' && (
        <Tooltip content="首字时间">
          <Tag color={firstTokenColor(frt)} size="small">
            {formatFirstToken(frt)}
          </Tag>
        </Tooltip>
      )}
      <Tag color={log.is_stream ? 'arcoblue' : 'gray'} size="small">
        {log.is_stream ? '流' : '非流'}
      </Tag>
    </Space>
  );
}

function RetryCell({ log }: { log: LogItem }) {
  const path = retryPath(log);
  if (!path) return <>-</>;
  const lines = parseAttempts(log).map(
    (attempt) => `#${attempt.channel_id}${attempt.channel_name ? ` ${attempt.channel_name}` : ''}：${attempt.status ?? ''}${attempt.error ? ` ${attempt.error}` : ''}${attempt.duration !== undefined ? `（${attempt.duration} ms）` : ''}`,
  );
  return (
    <Tooltip content={lines.map((line) => <div key={line}>{line}</div>)}>
      <span>{path}</span>
    </Tooltip>
  );
}

/** The log table's columns; the channel, user and retry columns are for administrators. */
export function getColumns(isAdmin: boolean, display: QuotaDisplay): TableColumnProps<LogItem>[] {
  const column = (shown: boolean, props: TableColumnProps<LogItem>) => (shown ? [props] : []);
  return [
    { title: '时间', dataIndex: 'created_at', width: 180, render: (value: number) => formatTimestamp(value) },
    ...column(isAdmin, {
      title: '渠道',
      dataIndex: 'channel',
      width: 160,
      render: (_: unknown, log: LogItem) =>
        log.channel ? (
          <Tooltip content={log.channel_name || undefined}>
            <Tag size="small">
              #{log.channel}
              {log.channel_name ? ` ${log.channel_name}` : ''}
            </Tag>
          </Tooltip>
        ) : (
          '-'
        ),
    }),
    ...column(isAdmin, {
      title: '用户',
      dataIndex: 'username',
      width: 120,
      render: (_: unknown, log: LogItem) => <UserPopover userId={log.user_id} username={log.username} display={display} />,
    }),
    { title: '令牌', dataIndex: 'token_name', width: 120, ellipsis: true },
    {
      title: '类型',
      dataIndex: 'type',
      width: 80,
      render: (value: number) => {
        const tag = logTypeTag(value);
        return (
          <Tag color={tag.color} size="small">
            {tag.label}
          </Tag>
        );
      },
    },
    { title: '模型', dataIndex: 'model_name', width: 220, render: (_: unknown, log: LogItem) => (log.model_name ? modelText(log) : '-') },
    { title: '用时 / 首字', dataIndex: 'use_time', width: 180, render: (_: unknown, log: LogItem) => <TimingCell log={log} /> },
    { title: '提示', dataIndex: 'prompt_tokens', width: 80 },
    { title: '补全', dataIndex: 'completion_tokens', width: 80 },
    { title: '花费', dataIndex: 'quota', width: 110, render: (value: number) => <QuotaText quota={value} display={display} digits={6} /> },
    {
      title: '详情',
      dataIndex: 'content',
      width: 280,
      render: (_: unknown, log: LogItem) => (
        <Typography.Paragraph ellipsis={{ rows: 2, showTooltip: true }} style={{ marginBottom: 0 }}>
          {detailText(log)}
        </Typography.Paragraph>
      ),
    },
    ...column(isAdmin, { title: '重试', dataIndex: 'attempts_log', width: 140, render: (_: unknown, log: LogItem) => <RetryCell log={log} /> }),
  ];
}
