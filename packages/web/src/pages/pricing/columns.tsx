import { Space, Tag, Typography } from '@arco-design/web-react';
import { QUOTA_TYPES, type PricingEntry } from '@/api/pricing';
import type { ResponsiveColumn } from '@/components/responsive-table/responsive-columns';
import { extraRateLines, priceLines } from './price';

function PriceCell({ entry, groupRatio }: { entry: PricingEntry; groupRatio: number }) {
  const lines = priceLines(entry, groupRatio);
  if (lines.kind === 'unpriced') return <Typography.Text type="secondary">未设置价格</Typography.Text>;
  if (lines.kind === 'per-call') return <span>{`${lines.call} / 次`}</span>;
  return (
    <Space direction="vertical" size={0}>
      <span>{`提示 ${lines.prompt} / 1M tokens`}</span>
      <span>{`补全 ${lines.completion} / 1M tokens`}</span>
    </Space>
  );
}

function ExtraRatesCell({ entry, groupRatio }: { entry: PricingEntry; groupRatio: number }) {
  const lines = extraRateLines(entry, groupRatio);
  if (lines.length === 0) return <>-</>;
  return (
    <Space direction="vertical" size={0}>
      {lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </Space>
  );
}

/** The pricing table's columns, priced for the viewer's group (its ratio is `groupRatio`). */
export function getColumns(group: string, groupRatio: number): ResponsiveColumn<PricingEntry>[] {
  const perCall = (entry: PricingEntry) => entry.quota_type === QUOTA_TYPES.PER_CALL;
  return [
    { title: '模型名称', dataIndex: 'model_name', width: 260, card: 'title', render: (value: string) => <Typography.Text copyable>{value}</Typography.Text> },
    {
      title: '计费类型',
      dataIndex: 'quota_type',
      width: 110,
      card: 'key',
      render: (_: unknown, entry: PricingEntry) => (
        <Tag color={perCall(entry) ? 'purple' : 'arcoblue'} size="small">
          {perCall(entry) ? '按次计费' : '按量计费'}
        </Tag>
      ),
    },
    {
      title: '模型倍率',
      dataIndex: 'model_ratio',
      width: 100,
      render: (value: number, entry: PricingEntry) => (perCall(entry) || entry.priced === false ? '-' : value),
    },
    {
      title: '补全倍率',
      dataIndex: 'completion_ratio',
      width: 100,
      render: (value: number, entry: PricingEntry) => (perCall(entry) || entry.priced === false ? '-' : value),
    },
    { title: '模型价格', dataIndex: 'model_price', width: 260, card: 'key', render: (_: unknown, entry: PricingEntry) => <PriceCell entry={entry} groupRatio={groupRatio} /> },
    {
      title: '缓存、推理、音频、图片与长上下文',
      dataIndex: 'cache_ratio',
      inExpandedRow: true,
      render: (_: unknown, entry: PricingEntry) => <ExtraRatesCell entry={entry} groupRatio={groupRatio} />,
    },
    {
      title: '可用分组',
      dataIndex: 'enable_groups',
      render: (groups: string[]) =>
        groups.length === 0 ? (
          '-'
        ) : (
          <Space size={4} wrap>
            {groups.map((name) => (
              <Tag key={name} size="small" color={name === group ? 'green' : undefined}>
                {name}
              </Tag>
            ))}
          </Space>
        ),
    },
  ];
}
