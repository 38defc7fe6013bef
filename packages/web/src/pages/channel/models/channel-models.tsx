import { useMemo } from 'react';
import { Button, Radio, Space, Typography } from '@arco-design/web-react';
import { MODEL_AVAILABILITY_DAYS, type ModelAvailabilityDays } from '@gw/shared';
import type { Channel } from '@/api/channels';
import { ResponsiveTable } from '@/components/responsive-table/responsive-table';
import { getModelColumns } from './model-columns';
import { type ChannelModelRow, useChannelModels } from './use-channel-models';
import './channel-models.css';

const DAY_OPTIONS = MODEL_AVAILABILITY_DAYS.map((days) => ({ label: `${days} 天`, value: days }));

/**
 * The models of one channel (model-level health): each model's status there, enable or disable it,
 * test one or all (the server disables a model the upstream lacks, and brings one back that answers
 * while automatic enabling is on), and its availability by day over 7, 15 or 30 days.
 */
export function ChannelModels({ channel }: { channel: Pick<Channel, 'id'> }) {
  const models = useChannelModels(channel.id);
  const { handleTest, handleToggle } = models;
  const columns = useMemo(
    () => getModelColumns({ onTest: (model) => void handleTest([model]), onToggle: (model, enabled) => void handleToggle(model, enabled) }, models.days),
    [handleTest, handleToggle, models.days],
  );

  return (
    <>
      <Space className="channel-models-toolbar" wrap size={12}>
        <Button type="primary" loading={models.testingAll} disabled={models.rows.length === 0} onClick={() => void handleTest()}>
          测试全部模型
        </Button>
        <Radio.Group type="button" aria-label="可用率统计天数" options={DAY_OPTIONS} value={models.days} onChange={(value: ModelAvailabilityDays) => models.setDays(value)} />
        <Typography.Text type="secondary">可用率按天统计请求与检测的成功率：绿色 ≥ 99%，黄色 ≥ 90%，红色更低，灰色无数据</Typography.Text>
      </Space>
      <ResponsiveTable<ChannelModelRow> rowKey="model" columns={columns} data={models.rows} loading={models.loading} pagination={false} scroll={{ x: 1040 }} />
    </>
  );
}
