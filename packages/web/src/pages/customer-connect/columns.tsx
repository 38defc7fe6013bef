import { Button, Dropdown, Menu, Tag } from '@arco-design/web-react';
import { IconDown } from '@arco-design/web-react/icon';
import { CUSTOMER_CONNECT_STATUS_LABELS, type CustomerConnectStatus } from '@gw/shared';
import type { CustomerConnect } from '@/api/customer-connect';
import type { ResponsiveColumn } from '@/components/responsive-table/responsive-columns';
import { ROW_STATUS_OPTIONS, STATUS_COLORS } from './statuses';

const orDash = (text: string) => text || '-';

/** Spec 2 §2: the submission time (updated_at) in the Chinese locale, a dash when there is none. */
export const formatSubmitTime = (seconds: number) => (seconds ? new Date(seconds * 1000).toLocaleString('zh-CN') : '-');

export function getColumns(onChangeStatus: (row: CustomerConnect, status: CustomerConnectStatus) => void): ResponsiveColumn<CustomerConnect>[] {
  return [
    { title: 'ID', dataIndex: 'id', width: 80 },
    { title: '姓名', dataIndex: 'name', width: 120, card: 'title' },
    { title: '手机号', dataIndex: 'phone', width: 140, card: 'key' },
    { title: '公司名称', dataIndex: 'company', width: 200, card: 'key', render: orDash },
    { title: '备注', dataIndex: 'remark', width: 260, ellipsis: true, card: 'key', render: orDash },
    { title: '提交时间', dataIndex: 'updated_at', width: 190, render: formatSubmitTime },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      card: 'key',
      render: (status: CustomerConnectStatus) => <Tag color={STATUS_COLORS[status]}>{CUSTOMER_CONNECT_STATUS_LABELS[status] ?? '未知'}</Tag>,
    },
    {
      title: '操作',
      width: 120,
      fixed: 'right',
      card: 'actions',
      render: (_, row) => (
        <Dropdown
          trigger="click"
          position="br"
          droplist={
            <Menu onClickMenuItem={(key) => onChangeStatus(row, Number(key) as CustomerConnectStatus)}>
              {ROW_STATUS_OPTIONS.map((option) => (
                <Menu.Item key={String(option.value)}>{option.label}</Menu.Item>
              ))}
            </Menu>
          }
        >
          <Button size="mini" type="text" aria-label={`修改联系记录 ${row.id} 的状态`}>
            修改状态 <IconDown />
          </Button>
        </Dropdown>
      ),
    },
  ];
}
