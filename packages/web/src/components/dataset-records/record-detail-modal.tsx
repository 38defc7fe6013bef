import { useMemo, useState } from 'react';
import { Modal, Radio } from '@arco-design/web-react';
import { MSG_JSON_SERIALIZE_FAILED, MSG_MARKDOWN_RENDER_FAILED, type DatasetView, type SourceRowView } from '@gw/shared';
import { ImagePreview } from './image-preview';
import { JsonTree } from './json-tree';
import { RecordFields } from './record-fields';
import { parseRecord } from './record-shape';
import { ViewBoundary } from './view-boundary';
import './dataset-records.css';

type RecordView = 'markdown' | 'json';

interface RecordDetailModalProps {
  visible: boolean;
  /** The row shown; the modal shows nothing without one. */
  record: SourceRowView | null;
  dataset: Pick<DatasetView, 'data_format' | 'image_field' | 'cloud_path'>;
  onClose: () => void;
}

/** "数据详情" (spec 3 §2.2): one record as a Json tree or as Markdown field boxes. */
export function RecordDetailModal({ visible, record, dataset, onClose }: RecordDetailModalProps) {
  const [view, setView] = useState<RecordView>('markdown');
  const [preview, setPreview] = useState<string | null>(null);
  const parsed = useMemo(() => (record ? parseRecord(record) : null), [record]);

  return (
    <Modal
      title="数据详情"
      visible={visible && parsed !== null}
      onCancel={onClose}
      footer={null}
      closable
      unmountOnExit
      style={{ width: 1400, maxWidth: 'calc(100vw - 32px)' }}
    >
      <Radio.Group type="button" value={view} onChange={(value: RecordView) => setView(value)} style={{ marginBottom: 12 }}>
        <Radio value="markdown">Markdown</Radio>
        <Radio value="json">Json</Radio>
      </Radio.Group>
      <div className="record-detail-body">
        {parsed && view === 'json' && (
          <ViewBoundary key={`json-${record?.id}`} fallback={MSG_JSON_SERIALIZE_FAILED}>
            <JsonTree value={parsed} />
          </ViewBoundary>
        )}
        {parsed && view === 'markdown' && (
          <ViewBoundary key={`markdown-${record?.id}`} fallback={MSG_MARKDOWN_RENDER_FAILED}>
            <RecordFields record={parsed} dataset={dataset} cloudPath={record?.cloud_path || dataset.cloud_path} onPreview={setPreview} />
          </ViewBoundary>
        )}
      </div>
      <ImagePreview url={preview} onClose={() => setPreview(null)} />
    </Modal>
  );
}
