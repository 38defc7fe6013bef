import { useState } from 'react';
import { Button, Descriptions, Popover, Spin } from '@arco-design/web-react';
import { call } from '@/api/http';
import { getChannelUsage, type Channel, type ChannelUsage } from '@/api/channels';
import { parseRequestLimits, usageRows } from './request-limits';

/** 监控: the channel's current use in each window next to its request limits, read when opened. */
export function MonitorPopover({ channel }: { channel: Channel }) {
  // undefined while loading; null when the load failed (the error has been shown).
  const [usage, setUsage] = useState<ChannelUsage | null | undefined>(undefined);

  const handleVisibleChange = async (visible: boolean) => {
    if (!visible) return;
    setUsage(undefined);
    setUsage((await call(getChannelUsage(channel.id))) ?? null);
  };

  const limits = parseRequestLimits(channel.model_req_limit);
  const content =
    usage === undefined ? (
      <Spin />
    ) : usage === null ? (
      '获取数据失败'
    ) : (
      <Descriptions
        column={1}
        size="small"
        data={usageRows(usage, limits).map(({ label, used, limit }) => ({ label, value: `${used} / ${limit}` }))}
      />
    );

  return (
    <Popover trigger="click" title={`渠道 ${channel.name} 的用量与限额`} content={content} onVisibleChange={(visible) => void handleVisibleChange(visible)}>
      <Button size="mini" type="text">
        监控
      </Button>
    </Popover>
  );
}
