import { useMemo, useState } from 'react';
import { Table, type TableProps } from '@arco-design/web-react';
import { MSG_NO_DATA, type DatasetView, type SourceRowView } from '@gw/shared';
import { ResponsiveTable } from '@/components/responsive-table/responsive-table';
import type { ResponsiveColumn } from '@/components/responsive-table/responsive-columns';
import { FieldValue } from './field-value';
import { ImagePreview } from './image-preview';
import { fieldKindOf, flatRecordOf, isImageField, parseRecord, previewColumns, type DataRecord } from './record-shape';
import './dataset-records.css';

export interface SampleTableProps {
  rows: SourceRowView[];
  dataset: Pick<DatasetView, 'data_format' | 'image_field' | 'cloud_path'>;
  /** At most this many columns (the card preview: DATA_PREVIEW_COLUMNS); all of them otherwise. */
  maxColumns?: number;
  /** The small table of a card: no header padding, no tooltips, columns sharing the width. */
  compact?: boolean;
  /** `record` is the parsed (not flattened) record of the row. */
  onRowClick?: (record: DataRecord, row: SourceRowView) => void;
  loading?: boolean;
}

interface TableRow {
  key: number;
  row: SourceRowView;
  record: DataRecord;
  flat: DataRecord;
}

const COLUMN_WIDTH = 220;
/** On a phone a record is a card: its first fields shown, the others under 更多. */
const CARD_FIELDS = 3;

/** Source rows of a dataset as a table of flattened records (spec 3 §2.1 preview table, §2.3 samples, §2.4 view all). */
export function SampleTable({ rows, dataset, maxColumns = Number.POSITIVE_INFINITY, compact = false, onRowClick, loading }: SampleTableProps) {
  const [preview, setPreview] = useState<string | null>(null);

  const data = useMemo<TableRow[]>(
    () =>
      rows.map((row) => {
        const record = parseRecord(row);
        return { key: row.id, row, record, flat: flatRecordOf(record, dataset.data_format) };
      }),
    [rows, dataset.data_format],
  );

  const columns = useMemo<ResponsiveColumn<TableRow>[]>(
    () =>
      previewColumns(
        data.map((item) => item.flat),
        maxColumns,
      ).map((field, index) => ({
        key: field,
        title: field,
        card: !compact && index < CARD_FIELDS ? 'key' : undefined,
        width: compact ? undefined : COLUMN_WIDTH,
        ellipsis: compact,
        render: (_value: unknown, item: TableRow) => (
          <FieldValue
            value={item.flat[field]}
            kind={fieldKindOf(dataset.data_format, field)}
            cloudPath={item.row.cloud_path || dataset.cloud_path}
            imageField={isImageField(dataset.image_field, field)}
            clampLines={2}
            // A clickable row (or a card) owns the click: no tooltip and no expand toggle in its cells.
            disableTooltip={compact || Boolean(onRowClick)}
            onPreview={setPreview}
          />
        ),
      })),
    [data, maxColumns, compact, dataset, onRowClick],
  );

  // Without rows there are no columns either, and a table of no columns would not show its empty text.
  if (data.length === 0 && !loading) return <div className="sample-table-empty">{MSG_NO_DATA}</div>;

  const table: TableProps<TableRow> = {
    rowKey: 'key',
    data,
    loading,
    pagination: false,
    noDataElement: <div className="sample-table-empty">{MSG_NO_DATA}</div>,
    onRow: onRowClick ? (item) => ({ onClick: () => onRowClick(item.record, item.row), className: 'sample-table-clickable' }) : undefined,
  };

  return (
    <div className={compact ? 'sample-table sample-table-compact' : 'sample-table'}>
      {compact ? (
        // A card's small preview stays a table on a phone too.
        <Table<TableRow> {...table} size="mini" columns={columns} border={false} tableLayoutFixed />
      ) : (
        <ResponsiveTable<TableRow> {...table} size="small" columns={columns} border={false} scroll={{ x: Math.max(columns.length * COLUMN_WIDTH, 1) }} />
      )}
      <ImagePreview url={preview} onClose={() => setPreview(null)} />
    </div>
  );
}
