import { Button, Popconfirm, Space, Tag } from '@arco-design/web-react';
import { REDEMPTION_STATUS } from '@gw/shared';
import type { Redemption } from '@/api/redemptions';
import { QuotaText } from '@/components/quota-text';
import type { ResponsiveColumn } from '@/components/responsive-table/responsive-columns';
import { formatTimestamp } from '@/lib/time';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';
import { isEditable, isExpired, nextToggleStatus, statusLook } from './redemption-view';

export type RedemptionAction = 'copy' | 'toggle' | 'edit' | 'delete';

const timeOrDash = (value: number) => (value > 0 ? formatTimestamp(value) : '-');

function StatusTag({ code }: { code: Redemption }) {
  const look = statusLook(code.status);
  return (
    <Space size={4} wrap>
      <Tag color={look.color} size="small">
        {look.label}
      </Tag>
      {isExpired(code) && (
        <Tag color="orange" size="small">
          已过期
        </Tag>
      )}
    </Space>
  );
}

/** Who redeemed the code and when; a dash while unused. */
function RedeemedCell({ code }: { code: Redemption }) {
  if (code.used_user_id <= 0) return <>-</>;
  return (
    <div className="redemption-redeemed">
      <span>用户 #{code.used_user_id}</span>
      <span className="redemption-redeemed-time">{timeOrDash(code.redeemed_time)}</span>
    </div>
  );
}

function RowActions({ code, onAction }: { code: Redemption; onAction: (action: RedemptionAction, code: Redemption) => void }) {
  const next = nextToggleStatus(code.status);
  // A used code keeps a (disabled) toggle, so that every row lines its actions up the same way.
  const disabling = next !== REDEMPTION_STATUS.UNUSED;
  return (
    <Space size={0} className="redemption-actions">
      <Button type="text" size="small" onClick={() => onAction('copy', code)}>
        复制
      </Button>
      <Button type="text" size="small" status={disabling ? 'warning' : 'success'} disabled={next === null} onClick={() => onAction('toggle', code)}>
        {disabling ? '禁用' : '启用'}
      </Button>
      <Button type="text" size="small" disabled={!isEditable(code)} onClick={() => onAction('edit', code)}>
        编辑
      </Button>
      <Popconfirm title={`确定删除兑换码「${code.name}」吗？`} content="删除后不可恢复" onOk={() => onAction('delete', code)}>
        <Button type="text" size="small" status="danger">
          删除
        </Button>
      </Popconfirm>
    </Space>
  );
}

/** The redemption table's columns; every row action goes through onAction (delete only after its confirmation). */
export function getColumns(onAction: (action: RedemptionAction, code: Redemption) => void, display: QuotaDisplay): ResponsiveColumn<Redemption>[] {
  return [
    { title: 'ID', dataIndex: 'id', width: 60, card: 'key' },
    { title: '名称', dataIndex: 'name', width: 150, card: 'title', render: (name: string) => <span className="redemption-name">{name}</span> },
    { title: '状态', dataIndex: 'status', width: 100, card: 'key', render: (_: unknown, code: Redemption) => <StatusTag code={code} /> },
    { title: '额度', dataIndex: 'quota', width: 100, card: 'key', render: (quota: number) => <QuotaText quota={quota} display={display} /> },
    { title: '创建时间', dataIndex: 'created_time', width: 175, render: timeOrDash },
    { title: '过期时间', dataIndex: 'expired_time', width: 175, card: 'key', render: (value: number) => (value > 0 ? formatTimestamp(value) : '永不过期') },
    { title: '兑换信息', dataIndex: 'used_user_id', width: 165, render: (_: unknown, code: Redemption) => <RedeemedCell code={code} /> },
    { title: '操作', width: 200, fixed: 'right', card: 'actions', render: (_: unknown, code: Redemption) => <RowActions code={code} onAction={onAction} /> },
  ];
}
