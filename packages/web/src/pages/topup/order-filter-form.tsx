import { useState } from 'react';
import { Form, InputNumber, Select } from '@arco-design/web-react';
import type { OrderFilter } from '@/api/topup';
import { ORDER_STATUS_LOOK } from './topup-view';
import { EMPTY_FILTER } from './use-orders';
import { SearchActions } from '@/components/search-actions';

const STATUS_OPTIONS = [
  { value: '', label: '全部状态' },
  ...Object.entries(ORDER_STATUS_LOOK).map(([value, look]) => ({ value, label: look.label })),
];

interface OrderFilterFormProps {
  onSearch: (filter: OrderFilter) => void;
}

/** The administrators' filters of all orders: a user id and a status. */
export function OrderFilterForm({ onSearch }: OrderFilterFormProps) {
  const [filter, setFilter] = useState<OrderFilter>(EMPTY_FILTER);

  const handleReset = () => {
    setFilter(EMPTY_FILTER);
    onSearch(EMPTY_FILTER);
  };

  return (
    <Form layout="inline" onSubmit={() => onSearch(filter)} style={{ marginBottom: 16 }}>
      <Form.Item label="用户 ID">
        <InputNumber
          aria-label="用户 ID"
          min={1}
          precision={0}
          placeholder="全部用户"
          style={{ width: 140 }}
          value={filter.userId || undefined}
          onChange={(userId) => setFilter((current) => ({ ...current, userId: Number.isNaN(userId) ? 0 : (userId ?? 0) }))}
        />
      </Form.Item>
      <Form.Item label="状态">
        <Select
          aria-label="订单状态"
          style={{ width: 140 }}
          options={STATUS_OPTIONS}
          value={filter.status}
          onChange={(status: OrderFilter['status']) => setFilter((current) => ({ ...current, status }))}
        />
      </Form.Item>
      <SearchActions onReset={handleReset} />
    </Form>
  );
}
