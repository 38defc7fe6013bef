import { Card } from '@arco-design/web-react';
import type { CustomerConnect } from '@/api/customer-connect';
import { ResponsiveTable } from '@/components/responsive-table/responsive-table';
import { getColumns } from './columns';
import { SearchForm } from './search-form';
import { useCustomerConnects } from './use-customer-connects';

/** "第 a-b 条，共 n 条" (spec 2 §2). Arco's range runs a whole page on: the last page ends at the total. */
export const totalText = (total: number, [from, to]: number[]) => `第 ${Math.min(from, total)}-${Math.min(to, total)} 条，共 ${total} 条`;

/** 用户联系列表 (spec 2 §2): contact requests from the data market, with their status. */
export default function CustomerConnectPage() {
  const contacts = useCustomerConnects();

  return (
    <Card title="用户联系列表">
      <SearchForm onSearch={contacts.handleSearch} />
      <ResponsiveTable<CustomerConnect>
        rowKey="id"
        columns={getColumns((row, status) => void contacts.handleChangeStatus(row, status))}
        data={contacts.rows}
        loading={contacts.loading}
        scroll={{ x: 1200 }}
        pagination={{ ...contacts.pagination, showTotal: totalText, showJumper: true }}
      />
    </Card>
  );
}
