import { cellOf, columnKey, leafColumns, type ResponsiveColumn } from './responsive-columns';

interface ColumnFieldsProps<T> {
  columns: ResponsiveColumn<T>[];
  record: T;
  index: number;
}

/** Columns of one row as label and value lines: a phone card's fields, a desktop row's expansion. */
export function ColumnFields<T>({ columns, record, index }: ColumnFieldsProps<T>) {
  if (columns.length === 0) return null;
  return (
    <dl className="rt-fields">
      {leafColumns(columns).map((column, columnIndex) => (
        <div key={columnKey(column, columnIndex)} className="rt-field">
          <dt>{column.title}</dt>
          <dd>{cellOf(column, record, index)}</dd>
        </div>
      ))}
    </dl>
  );
}
