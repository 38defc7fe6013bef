import { useMemo, useState } from 'react';
import { Table, type TableColumnProps } from '@arco-design/web-react';
import { MSG_NO_DATA, type DatasetView, type SourceRowView } from '@gw/shared';
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

  const columns = useMemo<TableColumnProps<TableRow>[]>(
    () =>
      previewColumns(
        data.map((item) => item.flat),
        maxColumns,
      ).map((field) => ({
        key: field,
        title: field,
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

  return (
    <div className={compact ? 'sample-table sample-table-compact' : 'sample-table'}>
      <Table<TableRow>
        rowKey="key"
        size={compact ? 'mini' : 'small'}
        columns={columns}
        data={data}
        loading={loading}
        pagination={false}
        border={false}
        tableLayoutFixed={compact}
        scroll={compact ? undefined : { x: Math.max(columns.length * COLUMN_WIDTH, 1) }}
        noDataElement={<div className="sample-table-empty">{MSG_NO_DATA}</div>}
        onRow={onRowClick ? (item) => ({ onClick: () => onRowClick(item.record, item.row), className: 'sample-table-clickable' }) : undefined}
      />
      <ImagePreview url={preview} onClose={() => setPreview(null)} />
    </div>
  );
}
