import { Alert, Form, Progress, Radio, Select } from '@arco-design/web-react';
import { IconUpload } from '@arco-design/web-react/icon';
import type { ImportFormat, ImportMode } from '@gw/shared';
import { IMPORT_ACCEPT, IMPORT_FORMAT_OPTIONS, IMPORT_MODE_OPTIONS } from './import-view';
import { formatBytes } from './market-view';

interface ImportFormProps {
  file: File | null;
  /** Undefined until the extension says one or the importer picks one. */
  format: ImportFormat | undefined;
  mode: ImportMode;
  /** The upload's progress, 0–100; null while not uploading. */
  uploadPercent: number | null;
  onPick: (file: File | undefined) => void;
  onFormat: (format: ImportFormat) => void;
  onMode: (mode: ImportMode) => void;
}

/** The import dialog before the upload: the file, its format and what to do with a bad row. */
export function ImportForm({ file, format, mode, uploadPercent, onPick, onFormat, onMode }: ImportFormProps) {
  const uploading = uploadPercent !== null;
  return (
    <Form layout="vertical">
      <Form.Item label="文件" extra="支持 JSON 数组、JSONL、CSV、Parquet，单个文件不超过 4GB">
        <label className="data-market-picker data-market-file-picker">
          <input
            type="file"
            accept={IMPORT_ACCEPT}
            aria-label="选择导入文件"
            className="data-market-picker-input"
            disabled={uploading}
            onChange={(event) => {
              onPick(event.target.files?.[0]);
              // The same file may be picked again after a refusal.
              event.target.value = '';
            }}
          />
          <IconUpload className="data-market-picker-icon" />
          <span className="data-market-break">{file ? `${file.name}（${formatBytes(file.size)}）` : '点击选择文件'}</span>
        </label>
      </Form.Item>
      <Form.Item label="文件格式">
        <Select placeholder="按扩展名识别，可手动选择" value={format} onChange={onFormat} options={IMPORT_FORMAT_OPTIONS} disabled={uploading} />
      </Form.Item>
      <Form.Item label="遇到错误行">
        <Radio.Group value={mode} onChange={onMode} options={IMPORT_MODE_OPTIONS} disabled={uploading} />
      </Form.Item>
      {uploading && (
        <>
          <Progress percent={uploadPercent} aria-label="上传进度" />
          <Alert type="warning" content="文件上传中，关闭对话框会取消上传。" />
        </>
      )}
    </Form>
  );
}
