import { Tooltip } from '@arco-design/web-react';
import type { ChannelKey } from '@/api/channel-keys';
import type { ResponsiveColumn } from '@/components/responsive-table/responsive-columns';
import { formatTimestamp } from '@/lib/time';
import { KeyRowActions } from './key-row-actions';
import { KeyStatusTag } from './key-status-tag';
import type { OnKeyAction } from './use-key-actions';

/** An upstream error can be a whole JSON body: one line cut short, the whole text on hover. */
function LastError({ text }: { text: string }) {
  if (!text) return <span>无</span>;
  return (
    <Tooltip content={<div className="channel-key-error-full">{text}</div>}>
      <span className="channel-key-error">{text}</span>
    </Tooltip>
  );
}

const count = (value: number) => value.toLocaleString('zh-CN');

/**
 * The key table of a multi-key channel. On a phone each key is a card: the masked key, its status,
 * last error and requests in view, tokens and last use behind 更多, the actions at the foot.
 */
export function getKeyColumns(onAction: OnKeyAction): ResponsiveColumn<ChannelKey>[] {
  return [
    { title: '密钥', width: 190, card: 'title', render: (_, key) => <code>{key.masked}</code> },
    { title: '状态', width: 100, card: 'key', render: (_, key) => <KeyStatusTag channelKey={key} /> },
    { title: '最近错误', width: 220, card: 'key', render: (_, key) => <LastError text={key.last_error} /> },
    { title: '请求次数', width: 100, card: 'key', render: (_, key) => count(key.request_count) },
    { title: 'Token 数', width: 110, render: (_, key) => count(key.token_count) },
    { title: '最近使用', width: 170, render: (_, key) => (key.used_time ? formatTimestamp(key.used_time) : '从未使用') },
    { title: '操作', width: 170, fixed: 'right', card: 'actions', render: (_, key) => <KeyRowActions channelKey={key} onAction={onAction} /> },
  ];
}
