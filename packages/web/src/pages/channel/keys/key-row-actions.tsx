import { useState } from 'react';
import { Button, Popconfirm, Space } from '@arco-design/web-react';
import { CHANNEL_KEY_STATUS } from '@gw/shared';
import type { ChannelKey } from '@/api/channel-keys';
import type { KeyAction, OnKeyAction } from './use-key-actions';

/** 启用 or 禁用, 测试 and 删除 (confirmed) for one key; the button at work shows it. */
export function KeyRowActions({ channelKey, onAction }: { channelKey: ChannelKey; onAction: OnKeyAction }) {
  const [busy, setBusy] = useState<KeyAction['kind'] | null>(null);
  const enabled = channelKey.status === CHANNEL_KEY_STATUS.ENABLED;

  const run = async (kind: KeyAction['kind']) => {
    setBusy(kind);
    try {
      await onAction({ kind, key: channelKey });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Space size={4} wrap>
      <Button
        size="mini"
        type="text"
        status={enabled ? 'warning' : 'success'}
        loading={busy === 'enable' || busy === 'disable'}
        onClick={() => void run(enabled ? 'disable' : 'enable')}
      >
        {enabled ? '禁用' : '启用'}
      </Button>
      <Button size="mini" type="text" loading={busy === 'test'} onClick={() => void run('test')}>
        测试
      </Button>
      <Popconfirm title={`确定删除密钥 ${channelKey.masked} 吗？`} onOk={() => run('delete')}>
        <Button size="mini" type="text" status="danger" loading={busy === 'delete'}>
          删除
        </Button>
      </Popconfirm>
    </Space>
  );
}
