import { Table, type TableColumnProps, type TableProps } from '@arco-design/web-react';
import { IconMinus, IconPlus } from '@arco-design/web-react/icon';
import { useNarrowScreen } from '@/lib/screen';
import { ColumnFields } from './column-fields';
import { hasChildRows, tableColumn, type ResponsiveColumn } from './responsive-columns';
import { RowCard } from './row-card';
import './responsive-table.css';

export type ResponsiveTableProps<T> = Omit<TableProps<T>, 'columns' | 'expandedRowRender' | 'expandProps'> & {
  columns: ResponsiveColumn<T>[];
};

/** The expansion's toggle, named for screen readers. A plain element: the table adds its click handler to it. */
function expandButton({ expanded }: { expanded: boolean }) {
  return (
    <button type="button" aria-label={expanded ? '收起更多信息' : '展开更多信息'}>
      {expanded ? <IconMinus /> : <IconPlus />}
    </button>
  );
}

/**
 * A list page's table: Arco's table on a desktop, a card per row on a phone, both from the same
 * columns. On a phone it is still Arco's table (paging, loading, empty text, selection and child
 * rows as on a desktop) with a single headerless column that draws each row's card. On a desktop the
 * columns marked inExpandedRow move into the row's expansion; not over child rows (channels by
 * tag), which Arco cannot show beside an expansion: there every column stays a column.
 */
export function ResponsiveTable<T>({ columns, className, ...props }: ResponsiveTableProps<T>) {
  const narrow = useNarrowScreen();

  if (narrow) {
    const cardColumn: TableColumnProps<T> = {
      key: 'card',
      title: '记录',
      render: (_value: unknown, record: T, index: number) => <RowCard columns={columns} record={record} index={index} />,
    };
    return (
      <Table<T>
        {...props}
        className={['rt-cards', className].filter(Boolean).join(' ')}
        columns={[cardColumn]}
        showHeader={false}
        border={false}
        tableLayoutFixed
        scroll={undefined}
      />
    );
  }

  const treeData = (props.data ?? []).some((row) => hasChildRows(row, props.childrenColumnName));
  const expanded = treeData ? [] : columns.filter((column) => column.inExpandedRow);
  return (
    <Table<T>
      {...props}
      className={className}
      columns={columns.filter((column) => !expanded.includes(column)).map(tableColumn)}
      expandedRowRender={
        expanded.length > 0
          ? (record: T, index: number) => (
              <div className="rt-expansion">
                <ColumnFields columns={expanded} record={record} index={index} />
              </div>
            )
          : undefined
      }
      expandProps={{ icon: expandButton }}
    />
  );
}
