import { Button, Popconfirm, Space, Switch } from '@arco-design/web-react';
import type { PlanView } from '@gw/shared';
import { QuotaText } from '@/components/quota-text';
import type { ResponsiveColumn } from '@/components/responsive-table/responsive-columns';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';
import { formatPlanPrice, groupLabel, limitLabel, periodLabel } from './plan-view';

export type PlanAction = 'toggle' | 'edit' | 'delete';

interface ColumnOptions {
  display: QuotaDisplay;
  /** Plans whose 启用/停用 is being saved: their switch spins. */
  toggling: ReadonlySet<number>;
  onAction: (action: PlanAction, plan: PlanView) => void;
}

function RowActions({ plan, onAction }: { plan: PlanView; onAction: ColumnOptions['onAction'] }) {
  return (
    <Space size={0} className="plan-actions">
      <Button type="text" size="small" onClick={() => onAction('edit', plan)}>
        编辑
      </Button>
      <Popconfirm title={`确定删除套餐「${plan.name}」吗？`} content="删除后套餐下架，且不可恢复" onOk={() => onAction('delete', plan)}>
        <Button type="text" size="small" status="danger">
          删除
        </Button>
      </Popconfirm>
    </Space>
  );
}

/** The plan table's columns; every row action goes through onAction (delete only after its confirmation). */
export function getColumns({ display, toggling, onAction }: ColumnOptions): ResponsiveColumn<PlanView>[] {
  return [
    { title: '名称', dataIndex: 'name', width: 160, card: 'title', render: (name: string) => <span className="plan-name">{name}</span> },
    {
      title: '价格',
      card: 'key',
      children: [
        { title: '人民币', dataIndex: 'price_cny', width: 100, render: (price: number) => formatPlanPrice(price, '¥') },
        { title: '美元', dataIndex: 'price_usd', width: 100, render: (price: number) => formatPlanPrice(price, '$') },
      ],
    },
    { title: '周期', dataIndex: 'period', width: 100, card: 'key', render: (_: unknown, plan: PlanView) => periodLabel(plan) },
    { title: '每周期额度', dataIndex: 'quota', width: 120, card: 'key', render: (quota: number) => <QuotaText quota={quota} display={display} /> },
    { title: '订阅分组', dataIndex: 'group', width: 120, render: groupLabel },
    { title: '每人限购', dataIndex: 'limit_per_user', width: 90, render: limitLabel },
    {
      title: '状态',
      dataIndex: 'enabled',
      width: 100,
      card: 'key',
      render: (enabled: boolean, plan: PlanView) => (
        <Switch
          aria-label={`启用套餐「${plan.name}」`}
          checked={enabled}
          checkedText="启用"
          uncheckedText="停用"
          loading={toggling.has(plan.id)}
          onChange={() => onAction('toggle', plan)}
        />
      ),
    },
    { title: '排序', dataIndex: 'sort', width: 70 },
    { title: '操作', width: 130, fixed: 'right', card: 'actions', render: (_: unknown, plan: PlanView) => <RowActions plan={plan} onAction={onAction} /> },
  ];
}
