import type { Key, ReactNode } from 'react';
import type { TableColumnProps } from '@arco-design/web-react';

/** Where a column shows on a phone's card: its title line, a key field, or its actions at the foot. */
export type CardPlace = 'title' | 'key' | 'actions';

/** An Arco column plus where it goes when the page is a phone's card list or too narrow for every column. */
export interface ResponsiveColumn<T> extends TableColumnProps<T> {
  /** On a phone: where the row's card shows the column. Columns without a place are behind the card's 更多. */
  card?: CardPlace;
  /** On a desktop: shown in the row's expansion, not as a column, so that the table fits the page without scrolling sideways. */
  inExpandedRow?: boolean;
}

/** A column as Arco's table takes it, without our placement fields. */
export function tableColumn<T>({ card: _card, inExpandedRow: _inExpandedRow, ...column }: ResponsiveColumn<T>): TableColumnProps<T> {
  return column;
}

export function columnKey<T>(column: ResponsiveColumn<T>, index: number): Key {
  return column.key ?? column.dataIndex ?? (typeof column.title === 'string' ? column.title : index);
}

/** What the table would show in the column's cell for this row (our columns name a plain field as their dataIndex). */
export function cellOf<T>(column: ResponsiveColumn<T>, record: T, index: number): ReactNode {
  const value = column.dataIndex === undefined ? undefined : (record as Record<string, unknown>)[column.dataIndex];
  return column.render ? column.render(value, record, index) : (value as ReactNode);
}

/** Whether a row has child rows (tree data, e.g. channels grouped by tag). */
export function hasChildRows<T>(record: T, childrenColumnName = 'children'): boolean {
  return Array.isArray((record as Record<string, unknown>)[childrenColumnName]);
}

/** Grouped columns (one header over several) as their leaves, titled with the group's name too: cards and expansions have no header rows. */
export function leafColumns<T>(columns: ResponsiveColumn<T>[]): ResponsiveColumn<T>[] {
  return columns.flatMap((column) =>
    column.children
      ? leafColumns(column.children as ResponsiveColumn<T>[]).map((child) => ({
          ...child,
          title: typeof column.title === 'string' && typeof child.title === 'string' ? `${column.title} · ${child.title}` : child.title,
        }))
      : [column],
  );
}
