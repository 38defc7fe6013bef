import { Card, Empty, Radio, Select, Space, Spin, Typography } from '@arco-design/web-react';
import { MODEL_AVAILABILITY_DAYS, type ModelAvailabilityDays } from '@gw/shared';
import { AvailabilityBars } from '@/components/model-availability/availability-bars';
import { useChannelAvailability } from './use-channel-availability';

const DAY_OPTIONS = MODEL_AVAILABILITY_DAYS.map((days) => ({ label: `${days} 天`, value: days }));

/**
 * 渠道模型可用率: a channel's models day by day over 7, 15 or 30 days (its requests and the
 * heartbeats above), the same bars as the channel's 模型 drawer. Nothing is read until the picker opens.
 */
export function ChannelAvailabilityCard() {
  const view = useChannelAvailability();

  return (
    <Card title="渠道模型可用率" className="channel-availability-card">
      <Space className="heartbeat-toolbar" wrap size={12}>
        <Select
          aria-label="选择渠道"
          placeholder="选择渠道（可按名称或 ID 搜索）"
          style={{ width: 280, maxWidth: '100%' }}
          showSearch
          filterOption={false}
          loading={view.searching}
          value={view.channelId ?? undefined}
          options={view.options.map((option) => ({ label: `#${option.id} ${option.name}`, value: option.id }))}
          onSearch={(keyword) => void view.handleSearch(keyword)}
          onVisibleChange={(visible) => visible && view.options.length === 0 && void view.handleSearch('')}
          onChange={(id: number) => view.setChannelId(id)}
        />
        <Radio.Group type="button" aria-label="可用率统计天数" options={DAY_OPTIONS} value={view.days} onChange={(value: ModelAvailabilityDays) => view.setDays(value)} />
      </Space>
      <Spin loading={view.loading} block>
        {!view.availability || view.availability.length === 0 ? (
          <Empty description={view.channelId === null ? '选择一个渠道，查看其各模型每天的可用率' : '该渠道没有模型'} />
        ) : (
          <div>
            {view.availability.map((entry) => (
              <div key={entry.model} className="availability-model" data-availability-model={entry.model}>
                <Typography.Text className="availability-model-name" ellipsis={{ showTooltip: true }}>
                  {entry.model}
                </Typography.Text>
                <AvailabilityBars availability={entry} />
              </div>
            ))}
          </div>
        )}
      </Spin>
    </Card>
  );
}
