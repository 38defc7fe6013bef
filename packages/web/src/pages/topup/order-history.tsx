import { useEffect, useMemo } from 'react';
import { Card, Message, Tabs } from '@arco-design/web-react';
import { MSG_OPERATION_DONE, type TopupOrderView, type TopupRecordView } from '@gw/shared';
import { callReply } from '@/api/http';
import { completeOrder } from '@/api/topup';
import { ResponsiveTable } from '@/components/responsive-table/responsive-table';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';
import { OrderFilterForm } from './order-filter-form';
import { getOrderColumns } from './order-columns';
import { useAllOrders, useSelfOrders } from './use-orders';

type OrderPage = Pick<ReturnType<typeof useSelfOrders>, 'rows' | 'loading' | 'pagination'>;

/** A code's id may equal an order's: a row is known by both. */
const recordKey = (row: TopupRecordView) => `${row.source}-${row.id}`;

/** Every column has its width: together they are how wide the table scrolls on a narrow screen. */
const tableWidth = (columns: ReturnType<typeof getOrderColumns>) => columns.reduce((sum, column) => sum + Number(column.width ?? 0), 0);

function OrderTable({ orders, columns }: { orders: OrderPage; columns: ReturnType<typeof getOrderColumns> }) {
  return (
    <ResponsiveTable<TopupRecordView>
      rowKey={recordKey}
      columns={columns}
      data={orders.rows}
      loading={orders.loading}
      scroll={{ x: tableWidth(columns) }}
      pagination={orders.pagination}
    />
  );
}

/** The user's own orders and redeemed codes; `refreshKey` changing reloads them (a payment came through, root completed an order). */
function SelfOrders({ display, refreshKey }: { display: QuotaDisplay; refreshKey: number }) {
  const orders = useSelfOrders();
  const { reload } = orders;
  useEffect(() => {
    if (refreshKey > 0) reload();
  }, [refreshKey, reload]);
  const columns = useMemo(() => getOrderColumns(display), [display]);
  return <OrderTable orders={orders} columns={columns} />;
}

/** Every user's orders with filters; root (user id 1) may complete a pending or expired order by hand. */
function AllOrders({ display, canComplete, onCompleted }: { display: QuotaDisplay; canComplete: boolean; onCompleted: () => void }) {
  const orders = useAllOrders();
  const { patchRow } = orders;

  const columns = useMemo(() => {
    const handleComplete = async (order: TopupOrderView) => {
      const reply = await callReply(completeOrder(order.trade_no));
      if (!reply) return;
      Message.success(MSG_OPERATION_DONE);
      patchRow(order.id, reply.data ?? { status: 'paid' });
      onCompleted();
    };
    return getOrderColumns(display, { allUsers: true, onComplete: canComplete ? (order) => void handleComplete(order) : undefined });
  }, [canComplete, display, patchRow, onCompleted]);

  return (
    <>
      <OrderFilterForm onSearch={orders.handleSearch} />
      <OrderTable orders={orders} columns={columns} />
    </>
  );
}

interface OrderHistoryProps {
  display: QuotaDisplay;
  /** Administrators get the all-orders tab. */
  isAdmin: boolean;
  /** Root (user id 1) gets manual completion there. */
  isRoot: boolean;
  refreshKey: number;
  onCompleted: () => void;
}

/** Top-up history: the user's own online orders, and for administrators every user's. */
export function OrderHistory({ display, isAdmin, isRoot, refreshKey, onCompleted }: OrderHistoryProps) {
  const own = <SelfOrders display={display} refreshKey={refreshKey} />;
  return (
    <Card title="充值记录" className="topup-history">
      {isAdmin ? (
        <Tabs defaultActiveTab="self">
          <Tabs.TabPane key="self" title="我的订单">
            {own}
          </Tabs.TabPane>
          <Tabs.TabPane key="all" title="全部订单">
            <AllOrders display={display} canComplete={isRoot} onCompleted={onCompleted} />
          </Tabs.TabPane>
        </Tabs>
      ) : (
        own
      )}
    </Card>
  );
}
