import { Button, Popconfirm, Tag, type TableColumnProps } from '@arco-design/web-react';
import type { TopupOrderView } from '@gw/shared';
import { QuotaText } from '@/components/quota-text';
import { formatTimestamp } from '@/lib/time';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';
import { canCompleteByHand, completedViaLabel, formatMoney, orderStatusLook, paymentMethodLabel } from './topup-view';

/** Which table: the user's own orders or every user's (administrators), with root's manual completion when onComplete is given. */
export interface OrderTableMode {
  allUsers?: boolean;
  /** Runs after the confirmation. */
  onComplete?: (order: TopupOrderView) => void;
}

/** The order tables' columns. */
export function getOrderColumns(display: QuotaDisplay, { allUsers = false, onComplete }: OrderTableMode = {}): TableColumnProps<TopupOrderView>[] {
  const columns: TableColumnProps<TopupOrderView>[] = [
    { title: '创建时间', dataIndex: 'created_at', width: 165, render: (value: number) => formatTimestamp(value) },
    { title: '充值额度', dataIndex: 'quota', width: 100, render: (quota: number) => <QuotaText quota={quota} display={display} /> },
    { title: '实付金额', dataIndex: 'money', width: 100, render: (money: number) => formatMoney(money) },
    { title: '支付方式', dataIndex: 'payment_method', width: 85, render: paymentMethodLabel },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      // Administrators also see how a paid order was credited: gateway notify, reconciliation or by hand.
      render: (status: string, order: TopupOrderView) => {
        const look = orderStatusLook(status);
        return (
          <div className="topup-status">
            <Tag size="small" color={look.color}>
              {look.label}
            </Tag>
            {allUsers && order.completed_via !== '' && <span className="topup-via">{completedViaLabel(order.completed_via)}</span>}
          </div>
        );
      },
    },
    { title: '支付时间', dataIndex: 'paid_at', width: 165, render: (value: number) => (value > 0 ? formatTimestamp(value) : '-') },
    { title: '订单号', dataIndex: 'trade_no', width: 200, render: (tradeNo: string) => <span className="topup-trade-no">{tradeNo}</span> },
  ];
  if (allUsers) {
    columns.splice(1, 0, {
      title: '用户',
      dataIndex: 'user_id',
      width: 120,
      render: (_: unknown, order: TopupOrderView) => <span className="topup-user">{order.username ? `${order.username} (#${order.user_id})` : `#${order.user_id}`}</span>,
    });
  }
  if (onComplete) {
    columns.push({
      title: '操作',
      width: 100,
      fixed: 'right',
      render: (_: unknown, order: TopupOrderView) =>
        canCompleteByHand(order) ? (
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
