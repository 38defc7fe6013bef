import { useState } from 'react';
import { Button, Space, Tooltip } from '@arco-design/web-react';
import { IconRefresh } from '@arco-design/web-react/icon';
import type { Channel } from '@/api/channels';
import { formatTimestamp } from '@/lib/time';
import type { OnChannelAction } from './actions';
import { formatBalance } from './balance';

/** The channel's balance, when it was last asked for (tooltip), and a button to ask again. */
export function BalanceCell({ channel, onAction }: { channel: Channel; onAction: OnChannelAction }) {
  const [updating, setUpdating] = useState(false);

  const handleUpdate = async () => {
    setUpdating(true);
    try {
      await onAction({ kind: 'balance', channel });
    } finally {
      setUpdating(false);
    }
  };

  const updated = channel.balance_updated_time ? `更新时间：${formatTimestamp(channel.balance_updated_time)}` : '余额尚未更新';
  return (
    <Space size={2}>
      <Tooltip content={updated}>
        <span>{formatBalance(channel.type, channel.balance)}</span>
      </Tooltip>
      <Button
        size="mini"
        type="text"
        icon={<IconRefresh />}
        loading={updating}
        aria-label={`更新渠道 ${channel.id} 的余额`}
        onClick={() => void handleUpdate()}
      />
    </Space>
  );
}
