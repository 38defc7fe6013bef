import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { Button } from '@arco-design/web-react';
import { ResponsiveTable } from './responsive-table';
import type { ResponsiveColumn } from './responsive-columns';

interface Row {
  id: number;
  name: string;
  status: string;
  created: string;
  note: string;
  children?: Row[];
}

const ROWS: Row[] = [
  { id: 1, name: '生产令牌', status: '已启用', created: '2026-11-01', note: '第一条备注' },
  { id: 2, name: '测试令牌', status: '已禁用', created: '2026-11-02', note: '第二条备注' },
];

function columns(onEdit: (row: Row) => void): ResponsiveColumn<Row>[] {
  return [
    { title: '名称', dataIndex: 'name', card: 'title' },
    { title: '状态', dataIndex: 'status', card: 'key' },
    { title: '创建时间', dataIndex: 'created' },
    { title: '备注', dataIndex: 'note', inExpandedRow: true },
    {
      title: '操作',
      card: 'actions',
      render: (_: unknown, row: Row) => (
        <Button size="mini" onClick={() => onEdit(row)}>
          编辑 {row.name}
        </Button>
      ),
    },
  ];
}

const headers = () => screen.queryAllByRole('columnheader').map((header) => header.textContent);

function renderAt(width: number, data: Row[] = ROWS) {
  window.innerWidth = width;
  const onEdit = vi.fn();
  render(<ResponsiveTable<Row> rowKey="id" columns={columns(onEdit)} data={data} pagination={false} />);
  return onEdit;
}

describe(ResponsiveTable.name, () => {
  afterEach(() => {
    window.innerWidth = 1024;
  });

  it('on a phone shows a card per row: its title, key fields and actions, the rest behind 更多', () => {
    const onEdit = renderAt(390);
    expect(headers()).toEqual([]);
    const card = screen.getByText('生产令牌').closest('.rt-card') as HTMLElement;
    expect(within(card).getByText('状态').nextSibling?.textContent).toBe('已启用');
    expect(within(card).queryByText('创建时间')).toBeNull();
    expect(within(card).queryByText('第一条备注')).toBeNull();

    fireEvent.click(within(card).getByRole('button', { name: '编辑 生产令牌' }));
    expect(onEdit).toHaveBeenCalledWith(ROWS[0]);

    fireEvent.click(within(card).getByRole('button', { name: '更多' }));
    expect(within(card).getByText('创建时间').nextSibling?.textContent).toBe('2026-11-01');
    expect(within(card).getByText('第一条备注')).toBeTruthy();
    // The other card stays folded.
    const other = screen.getByText('测试令牌').closest('.rt-card') as HTMLElement;
    expect(within(other).queryByText('2026-11-02')).toBeNull();
  });

  it('on a desktop shows the table, the inExpandedRow columns in the row expansion', () => {
    const onEdit = renderAt(1280);
    expect(headers()).toEqual(['', '名称', '状态', '创建时间', '操作']);
    expect(document.querySelector('.rt-card')).toBeNull();
    expect(screen.queryByText('第一条备注')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '编辑 测试令牌' }));
    expect(onEdit).toHaveBeenCalledWith(ROWS[1]);

    fireEvent.click(screen.getAllByRole('button', { name: '展开更多信息' })[0]);
    const expansion = screen.getByText('第一条备注').closest('.rt-expansion') as HTMLElement;
    expect(within(expansion).getByText('备注')).toBeTruthy();
    expect(screen.getByRole('button', { name: '收起更多信息' })).toBeTruthy();
  });

  it('titles the fields of a grouped column with the group, as the header rows would', () => {
    window.innerWidth = 390;
    const grouped: ResponsiveColumn<Row>[] = [
      { title: '名称', dataIndex: 'name', card: 'title' },
      { title: '日期', children: [{ title: '创建', dataIndex: 'created' }] },
    ];
    render(<ResponsiveTable<Row> rowKey="id" columns={grouped} data={[ROWS[0]]} pagination={false} />);
    fireEvent.click(screen.getByRole('button', { name: '更多' }));
    expect(screen.getByText('日期 · 创建').nextSibling?.textContent).toBe('2026-11-01');
  });

  it('keeps every column over child rows, which Arco cannot show beside an expansion', () => {
    renderAt(1280, [{ ...ROWS[0], children: [ROWS[1]] }]);
    expect(headers()).toEqual(['名称', '状态', '创建时间', '备注', '操作']);
    expect(screen.getByText('第一条备注')).toBeTruthy();
  });
});
