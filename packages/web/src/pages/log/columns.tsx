import { Space, Tag, Tooltip } from '@arco-design/web-react';
import type { LogItem } from '@/api/logs';
import { QuotaText } from '@/components/quota-text';
import type { ResponsiveColumn } from '@/components/responsive-table/responsive-columns';
import { formatTimestamp } from '@/lib/time';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';
import { CostCell } from './cost-cell';
import { UserPopover } from './user-popover';
import {
  affinityText,
  paidByText,
  detailText,
  extraTokenTexts,
  firstTokenColor,
  formatFirstToken,
  hasTiming,
  logTypeTag,
  modelText,
  parseAttempts,
  parseOther,
  retryPath,
  routeText,
  totalTimeColor,
} from './log-view';

/** Use time, first-token time (streams) and the stream tag (spec 2 §9), for relay requests only. */
function TimingCell({ log }: { log: LogItem }) {
  if (!hasTiming(log)) return <>-</>;
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

/** How the request was priced, then its other token kinds (cache, reasoning, audio, image) with their ratios, when it had any. */
function DetailCell({ log }: { log: LogItem }) {
  const extraTokens = extraTokenTexts(log);
  return (
    <>
      <div>{detailText(log)}</div>
      {extraTokens.length > 0 && <div>{extraTokens.join('，')}</div>}
    </>
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

/** Why the request went to its channel (亲和命中, 权重抽取, 重试, 冷却跳过, 限流跳过), and what sticky routing did. */
function RouteCell({ log }: { log: LogItem }) {
  const route = routeText(log);
  const affinity = affinityText(log);
  if (!route && !affinity) return <>-</>;
  return (
    <Space size={4} wrap>
      {affinity && (
        <Tag size="small" color={parseOther(log).affinity === 'hit' ? 'green' : 'gray'}>
          {affinity}
        </Tag>
      )}
      <span>{route}</span>
    </Space>
  );
}

/** The charge, and for a subscriber's call which pool paid it (套餐 / 钱包). */
function SpentCell({ log, display }: { log: LogItem; display: QuotaDisplay }) {
  const paidBy = paidByText(log);
  return (
    <span>
      <QuotaText quota={log.quota} display={display} digits={6} />
      {paidBy && (
        <Tag size="small" color={paidBy === '钱包' ? 'gray' : 'arcoblue'} style={{ marginLeft: 4 }}>
          {paidBy}
        </Tag>
      )}
    </span>
  );
}

/**
 * The log table's columns; the channel, user, retry and route columns are for administrators. The detail
 * and the retries wait in the row's expansion, so that the figures (tokens and cost) fit a 1440 px
 * screen without scrolling sideways; on a phone a card shows the model, the token and the figures.
 */
export function getColumns(isAdmin: boolean, display: QuotaDisplay): ResponsiveColumn<LogItem>[] {
  const column = (shown: boolean, props: ResponsiveColumn<LogItem>) => (shown ? [props] : []);
  return [
    { title: '时间', dataIndex: 'created_at', width: 165, card: 'title', render: (value: number) => formatTimestamp(value) },
    ...column(isAdmin, {
      title: '渠道',
      dataIndex: 'channel',
      width: 120,
      card: 'key',
      render: (_: unknown, log: LogItem) =>
        log.channel ? (
          <Tooltip content={log.channel_name || undefined}>
            {/* No wider than the column: a long channel name ends in an ellipsis (the tooltip has it whole). */}
            <Tag size="small" style={{ maxWidth: '100%' }}>
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
      width: 100,
      card: 'key',
      render: (_: unknown, log: LogItem) => <UserPopover userId={log.user_id} username={log.username} display={display} />,
    }),
    { title: '令牌', dataIndex: 'token_name', width: 100, ellipsis: true, card: 'key' },
    {
      title: '类型',
      dataIndex: 'type',
      width: 70,
      card: 'key',
      render: (value: number) => {
        const tag = logTypeTag(value);
        return (
          <Tag color={tag.color} size="small">
            {tag.label}
          </Tag>
        );
      },
    },
    { title: '模型', dataIndex: 'model_name', width: 160, card: 'key', render: (_: unknown, log: LogItem) => (log.model_name ? modelText(log) : '-') },
    { title: '用时 / 首字', dataIndex: 'use_time', width: 150, render: (_: unknown, log: LogItem) => <TimingCell log={log} /> },
    { title: '提示', dataIndex: 'prompt_tokens', width: 70, card: 'key' },
    { title: '补全', dataIndex: 'completion_tokens', width: 70, card: 'key' },
    { title: '花费', dataIndex: 'quota', width: 100, card: 'key', render: (_: unknown, log: LogItem) => <SpentCell log={log} display={display} /> },
    {
      title: '详情',
      dataIndex: 'content',
      inExpandedRow: true,
      render: (_: unknown, log: LogItem) => <DetailCell log={log} />,
    },
    ...column(isAdmin, { title: '重试', dataIndex: 'attempts_log', inExpandedRow: true, render: (_: unknown, log: LogItem) => <RetryCell log={log} /> }),
    ...column(isAdmin, { title: '路由', dataIndex: 'other', inExpandedRow: true, render: (_: unknown, log: LogItem) => <RouteCell log={log} /> }),
    ...column(isAdmin, { title: '成本', dataIndex: 'cost', inExpandedRow: true, render: (_: unknown, log: LogItem) => <CostCell log={log} display={display} /> }),
  ];
}
