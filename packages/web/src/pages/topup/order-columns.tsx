import { Button, Popconfirm, Tag } from '@arco-design/web-react';
import type { TopupOrderView, TopupRecordView } from '@gw/shared';
import { QuotaText } from '@/components/quota-text';
import type { ResponsiveColumn } from '@/components/responsive-table/responsive-columns';
import { formatTimestamp } from '@/lib/time';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';
import { canCompleteByHand, completedViaLabel, orderMoney, planOrderName, recordMethodLabel, recordStatusLook } from './topup-view';

/** Which table: the user's own orders or every user's (administrators), with root's manual completion when onComplete is given. */
export interface OrderTableMode {
  allUsers?: boolean;
  /** Runs after the confirmation. */
  onComplete?: (order: TopupOrderView) => void;
}

/** The order tables' columns; the user's own history also has the codes they redeemed, with no money, method 兑换码 and the code masked. */
export function getOrderColumns(display: QuotaDisplay, { allUsers = false, onComplete }: OrderTableMode = {}): ResponsiveColumn<TopupRecordView>[] {
  const columns: ResponsiveColumn<TopupRecordView>[] = [
    { title: '创建时间', dataIndex: 'created_at', width: 165, card: 'title', render: (value: number) => formatTimestamp(value) },
    {
      title: '充值额度',
      dataIndex: 'quota',
      width: 100,
      card: 'key',
      // A plan's order bought the plan, not quota for the wallet.
      render: (quota: number, row: TopupRecordView) => {
        const plan = planOrderName(row);
        return plan === null ? <QuotaText quota={quota} display={display} /> : <span className="topup-plan-order">{`套餐：${plan}`}</span>;
      },
    },
    { title: '实付金额', dataIndex: 'money', width: 100, card: 'key', render: (_: unknown, row: TopupRecordView) => (row.source === 'order' ? orderMoney(row) : '-') },
    { title: '支付方式', dataIndex: 'payment_method', width: 85, render: (_: unknown, row: TopupRecordView) => recordMethodLabel(row) },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      card: 'key',
      // Administrators also see how a paid order was credited: gateway notify, reconciliation or by hand.
      render: (_: unknown, order: TopupRecordView) => {
        const look = recordStatusLook(order);
        return (
          <div className="topup-status">
            <Tag size="small" color={look.color}>
              {look.label}
            </Tag>
            {allUsers && order.source === 'order' && order.completed_via !== '' && <span className="topup-via">{completedViaLabel(order.completed_via)}</span>}
          </div>
        );
      },
    },
    { title: '支付时间', dataIndex: 'paid_at', width: 165, render: (value: number) => (value > 0 ? formatTimestamp(value) : '-') },
    {
      title: allUsers ? '订单号' : '订单号/兑换码',
      dataIndex: 'trade_no',
      width: 200,
      render: (_: unknown, row: TopupRecordView) => <span className="topup-trade-no">{row.source === 'order' ? row.trade_no : row.code}</span>,
    },
  ];
  if (allUsers) {
    columns.splice(1, 0, {
      title: '用户',
      dataIndex: 'user_id',
      width: 120,
      card: 'key',
      render: (_: unknown, order: TopupRecordView) => (
        <span className="topup-user">{order.source === 'order' && order.username ? `${order.username} (#${order.user_id})` : `#${order.user_id}`}</span>
      ),
    });
  }
  if (onComplete) {
    columns.push({
      title: '操作',
      width: 100,
      fixed: 'right',
      card: 'actions',
      render: (_: unknown, order: TopupRecordView) =>
        order.source === 'order' && canCompleteByHand(order) ? (
          <Popconfirm title={`确定手动完成订单「${order.trade_no}」吗？`} content="将为该用户增加对应额度，且不可撤销" onOk={() => onComplete(order)}>
            <Button type="text" size="small" status="warning">
              手动完成
            </Button>
          </Popconfirm>
        ) : (
          '-'
        ),
    });
  }
  return columns;
}
