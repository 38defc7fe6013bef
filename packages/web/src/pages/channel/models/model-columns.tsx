import { Button, Space } from '@arco-design/web-react';
import { ABILITY_STATUS } from '@gw/shared';
import type { ResponsiveColumn } from '@/components/responsive-table/responsive-columns';
import { AvailabilityBars } from '@/components/model-availability/availability-bars';
import { ModelStateView } from './model-state-view';
import { ModelTestView } from './model-test-view';
import type { ChannelModelRow } from './use-channel-models';

export interface ModelActions {
  onTest: (model: string) => void;
  onToggle: (model: string, enabled: boolean) => void;
}

/** The drawer's model table; on a phone each model is a card with everything in view and its buttons at the foot. */
export function getModelColumns({ onTest, onToggle }: ModelActions, days: number): ResponsiveColumn<ChannelModelRow>[] {
  return [
    { title: '模型', width: 200, card: 'title', render: (_, row) => <span className="channel-model-name">{row.model}</span> },
    { title: '状态', width: 200, card: 'key', render: (_, row) => <ModelStateView state={row} /> },
    { title: '测试结果', width: 220, card: 'key', render: (_, row) => <ModelTestView result={row.result} testing={row.testing} /> },
    {
      title: `可用率（${days} 天）`,
      width: 300,
      card: 'key',
      render: (_, row) => (row.availability ? <AvailabilityBars availability={row.availability} /> : <span className="channel-model-note">加载中</span>),
    },
    {
      title: '操作',
      width: 120,
      fixed: 'right',
      card: 'actions',
      render: (_, row) => {
        const enabled = row.status === ABILITY_STATUS.ENABLED;
        return (
          <Space size={4}>
            <Button size="mini" type="text" loading={row.testing} onClick={() => onTest(row.model)}>
              测试
            </Button>
            <Button size="mini" type="text" status={enabled ? 'warning' : 'success'} onClick={() => onToggle(row.model, !enabled)}>
              {enabled ? '禁用' : '启用'}
            </Button>
          </Space>
        );
      },
    },
  ];
}
