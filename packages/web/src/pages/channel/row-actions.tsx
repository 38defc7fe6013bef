import { Button, Popconfirm, Space } from '@arco-design/web-react';
import { CHANNEL_STATUS } from '@gw/shared';
import type { Channel, ChannelTagRow } from '@/api/channels';
import type { OnChannelAction } from './actions';
import { ChannelModelsButton } from './models/models-button';
import { MonitorPopover } from './monitor-popover';
import { isMultiKey } from './multi-key';
import { TestButton } from './test-button';

/** `sessions`: the client sessions bound to the channel by sticky routing; with some, 清除绑定 drops them. */
export function ChannelRowActions({ channel, sessions, onAction }: { channel: Channel; sessions: number; onAction: OnChannelAction }) {
  const enabled = channel.status === CHANNEL_STATUS.ENABLED;
  // Two short rows rather than one long one: a narrow fixed column leaves the data columns in view.
  return (
    <Space size={4} wrap>
      <TestButton channel={channel} onAction={onAction} />
      <MonitorPopover channel={channel} />
      <ChannelModelsButton channel={channel} />
      <Button size="mini" type="text" status={enabled ? 'warning' : 'success'} onClick={() => onAction({ kind: 'toggle', channel })}>
        {enabled ? '禁用' : '启用'}
      </Button>
      <Button size="mini" type="text" onClick={() => onAction({ kind: 'edit', channel })}>
        编辑
      </Button>
      {isMultiKey(channel) && (
        <Button size="mini" type="text" onClick={() => onAction({ kind: 'keys', channel })}>
          密钥
        </Button>
      )}
      <Button size="mini" type="text" onClick={() => onAction({ kind: 'copy', channel })}>
        复制
      </Button>
      {sessions > 0 && (
        <Popconfirm
          title={`确定清除渠道 ${channel.name} 的 ${sessions} 个会话绑定吗？`}
          content="这些会话的下一次请求将重新选择渠道，上游的提示缓存可能因此失效。"
          onOk={() => onAction({ kind: 'clear-affinity', channel })}
        >
          <Button size="mini" type="text">
            清除绑定
          </Button>
        </Popconfirm>
      )}
      <Popconfirm title={`确定删除渠道 ${channel.name} 吗？`} onOk={() => onAction({ kind: 'delete', channel })}>
        <Button size="mini" type="text" status="danger">
          删除
        </Button>
      </Popconfirm>
    </Space>
  );
}

export function TagRowActions({ row, onAction }: { row: ChannelTagRow; onAction: OnChannelAction }) {
  return (
    <Space size={4}>
      <Button size="mini" type="text" status="success" onClick={() => onAction({ kind: 'tag-enable', row })}>
        启用全部
      </Button>
      <Button size="mini" type="text" status="warning" onClick={() => onAction({ kind: 'tag-disable', row })}>
        禁用全部
      </Button>
      <Button size="mini" type="text" onClick={() => onAction({ kind: 'tag-edit', row })}>
        编辑标签
      </Button>
    </Space>
  );
}
