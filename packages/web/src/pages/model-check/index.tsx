import { useState } from 'react';
import { Button, Card, Collapse, DatePicker, Empty, Space, Spin, Typography } from '@arco-design/web-react';
import { IconRefresh } from '@arco-design/web-react/icon';
import { ChannelAvailabilityCard } from './channel-availability-card';
import { todayString } from './day-range';
import { LEVEL_LEGEND, providerHealth } from './heartbeat-view';
import { JobQueuesCard } from './job-queues-card';
import { ProviderModels } from './provider-models';
import { useAutoRefresh } from './use-auto-refresh';
import { useHeartbeats } from './use-heartbeats';
import './model-check.css';

/**
 * 模型检测 (spec 2 §2): a day's heartbeats of every model, grouped by provider, a channel's model
 * availability by day, and the background queues; 刷新 and the 5-minute timer read the heartbeats
 * and queues again.
 */
export default function ModelCheckPage() {
  const [day, setDay] = useState(todayString);
  const { version, refresh } = useAutoRefresh();
  const { data, loading } = useHeartbeats(day, version);
  const providers = providerHealth(data);

  return (
    <>
      <Card title="模型检测">
        <Space className="heartbeat-toolbar" wrap size={16}>
          <DatePicker
            aria-label="检测日期"
            value={day}
            allowClear={false}
            disabledDate={(current) => current.isAfter(new Date(), 'day')}
            onChange={(dateString: string) => dateString && setDay(dateString)}
          />
          <Button icon={<IconRefresh />} onClick={refresh}>
            刷新
          </Button>
          <Space size={12}>
            {LEVEL_LEGEND.map(({ level, label, className }) => (
              <Space key={level} size={4}>
                <span className={`heartbeat-block ${className}`} />
                <Typography.Text type="secondary">{label}</Typography.Text>
              </Space>
            ))}
          </Space>
        </Space>
        <Spin loading={loading} block>
          {providers.length === 0 ? (
            // Heartbeats are taken only while monitoring is on (the server's monitorEveryMs): say how to start them.
            <Empty description="暂无检测数据（开启自动禁用或自动启用渠道后，系统按监控间隔定时检测各模型）" />
          ) : (
            <Collapse defaultActiveKey={providers.map((entry) => entry.provider)}>
              {providers.map(({ provider, models }) => (
                <Collapse.Item key={provider} name={provider} header={provider} extra={<Typography.Text type="secondary">{models.length} 个模型</Typography.Text>}>
                  <ProviderModels models={models} />
                </Collapse.Item>
              ))}
            </Collapse>
          )}
        </Spin>
      </Card>
      <ChannelAvailabilityCard />
      <JobQueuesCard version={version} />
    </>
  );
}
