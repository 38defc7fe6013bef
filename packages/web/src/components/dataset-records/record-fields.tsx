import type { DatasetView } from '@gw/shared';
import { FieldValue } from './field-value';
import { fieldKindOf, flatRecordOf, isImageField, type DataRecord } from './record-shape';

/** Fields the Markdown view leaves out (spec 3 §2.2). */
const HIDDEN_FIELDS = new Set(['options', 'cloud_path']);

interface RecordFieldsProps {
  record: DataRecord;
  dataset: Pick<DatasetView, 'data_format' | 'image_field' | 'cloud_path'>;
  cloudPath: string;
  onPreview: (url: string) => void;
}

/** The Markdown view of a record: each field in a box, in its shape, long text clamped to 3 lines. */
export function RecordFields({ record, dataset, cloudPath, onPreview }: RecordFieldsProps) {
  const fields = Object.entries(flatRecordOf(record, dataset.data_format)).filter(([field]) => !HIDDEN_FIELDS.has(field.split('.')[0] ?? field));
  return (
    <div className="record-detail-fields">
      {fields.map(([field, value]) => (
        <section key={field} className="record-detail-field" aria-label={field}>
          <div className="record-detail-field-name">{field}</div>
          <FieldValue
            value={value}
            kind={fieldKindOf(dataset.data_format, field)}
            cloudPath={cloudPath}
            imageField={isImageField(dataset.image_field, field)}
            clampLines={3}
            onPreview={onPreview}
          />
        </section>
      ))}
    </div>
  );
}
