import { useState } from 'react';
import { Alert, Button, Input, Space, Table, Typography, type TableColumnProps } from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { MODEL_PRICE_KEYS } from '@/components/model-price/price-tables';
import { cellProblem, RATIO_COLUMN_LABELS, type RatioRow } from './ratio-table';
import type { RatioTable } from './use-ratio-table';

const MSG_JSON_BROKEN = '模型倍率、补全倍率或模型固定价格不是合法的 JSON 对象，请先在 JSON 视图中修正';

/** Names a row's fields for screen readers; a row without a name yet is the new one. */
const rowName = (row: RatioRow) => row.model.trim() || '新模型';

function columnsFor(table: RatioTable): TableColumnProps<RatioRow>[] {
  return [
    {
      title: '模型',
      dataIndex: 'model',
      width: 260,
      render: (_, row) => (
        <Input
          aria-label="模型名称"
          value={row.model}
          placeholder="模型名称"
          status={row.model.trim() === '' ? 'error' : undefined}
          onChange={(model) => table.editRow(row.id, { model })}
        />
      ),
    },
    ...MODEL_PRICE_KEYS.map(
      (key): TableColumnProps<RatioRow> => ({
        title: RATIO_COLUMN_LABELS[key],
        dataIndex: key,
        width: 150,
        render: (_, row) => (
          <Input
            aria-label={`${rowName(row)} 的${RATIO_COLUMN_LABELS[key]}`}
            value={row[key]}
            placeholder={key === 'ModelPrice' ? '美元，可留空' : '可留空'}
            status={cellProblem(row[key]) ? 'error' : undefined}
            onChange={(value) => table.editRow(row.id, { [key]: value })}
          />
        ),
      }),
    ),
    {
      title: '操作',
      width: 80,
      render: (_, row) => (
        <Button size="mini" status="danger" icon={<IconDelete />} aria-label={`删除 ${rowName(row)}`} onClick={() => table.removeRow(row.id)} />
      ),
    },
  ];
}

/**
 * The model prices as one table (模型, 模型倍率, 补全倍率, 固定价格): a model is priced by its fixed
 * price when it has one, else by its ratios. Searching only narrows what is shown.
 */
export function RatioTableEditor({ table }: { table: RatioTable }) {
  const [query, setQuery] = useState('');
  if (!table.rows) return <Alert type="error" style={{ marginBottom: 16 }} content={MSG_JSON_BROKEN} />;

  const needle = query.trim().toLowerCase();
  const shown = needle === '' ? table.rows : table.rows.filter((row) => row.model.toLowerCase().includes(needle));

  // A new row has no name yet: the search is cleared so that it shows.
  const handleAdd = () => {
    setQuery('');
    table.addRow();
  };

  return (
    <div style={{ marginBottom: 16 }}>
      <Space wrap style={{ marginBottom: 8 }}>
        <Input.Search allowClear aria-label="搜索模型" placeholder="搜索模型名称" value={query} onChange={setQuery} style={{ width: 240 }} />
        <Button icon={<IconPlus />} onClick={handleAdd}>
          添加模型
        </Button>
      </Space>
      {table.problem && (
        <Typography.Paragraph type="error" style={{ marginBottom: 8 }}>
          {table.problem}
        </Typography.Paragraph>
      )}
      <Table<RatioRow> rowKey="id" size="small" border data={shown} columns={columnsFor(table)} pagination={false} scroll={{ x: 800, y: 480 }} />
    </div>
  );
}
