export { FieldValue, type FieldValueProps } from './field-value';
export { ImagePreview } from './image-preview';
export { RecordDetailModal } from './record-detail-modal';
export { SampleTable, type SampleTableProps } from './sample-table';
export {
  fieldKindOf,
  flatRecordOf,
  flattenRecord,
  imageUrl,
  imageUrls,
  isImageField,
  parseRecord,
  previewColumns,
  readDataFormat,
  type DataRecord,
} from './record-shape';
