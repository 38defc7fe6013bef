import { useEffect, useRef, useState } from 'react';
import { DATA_PREVIEW_COLUMNS, DATA_PREVIEW_ROWS, type DatasetView, type SourceRowView } from '@gw/shared';
import { listSourceRows } from '@/api/data-library';
import { callQuietly } from '@/api/http';
import { SampleTable } from '@/components/dataset-records';

export type OpenRecord = (row: SourceRowView, dataset: DatasetView) => void;

interface CardPreviewProps {
  dataset: DatasetView;
  onOpenRecord: OpenRecord;
}

/** The first DATA_PREVIEW_ROWS records of a card (spec 3 §2.1); a failed load is an empty preview ('暂无数据', §8). */
export function CardPreview({ dataset, onOpenRecord }: CardPreviewProps) {
  const [rows, setRows] = useState<SourceRowView[]>([]);
  const [loading, setLoading] = useState(true);
  const rowClicked = useRef(false);
  const { id, data_update_time: updated } = dataset;

  useEffect(() => {
    let current = true;
    setLoading(true);
    void callQuietly(listSourceRows(id, 1, DATA_PREVIEW_ROWS)).then((page) => {
      if (!current) return;
      setRows(page?.list ?? []);
      setLoading(false);
    });
    return () => {
      current = false;
    };
    // An import or an edit changes the update time: the preview is read again.
  }, [id, updated]);

  return (
    <div
      className="data-market-card-preview"
      onClick={(event) => {
        // A row click opens the record, not the detail page behind the card.
        if (!rowClicked.current) return;
        rowClicked.current = false;
        event.stopPropagation();
      }}
    >
      <SampleTable
        rows={rows}
        dataset={dataset}
        maxColumns={DATA_PREVIEW_COLUMNS}
        compact
        loading={loading}
        onRowClick={(_record, row) => {
          rowClicked.current = true;
          onOpenRecord(row, dataset);
        }}
      />
    </div>
  );
}
