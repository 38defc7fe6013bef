import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Message, Modal } from '@arco-design/web-react';
import { IconUpload } from '@arco-design/web-react/icon';
import { IMPORT_MAX_BYTES, type DatasetView, type ImportFormat, type ImportMode, type ImportView } from '@gw/shared';
import { cancelImport, importUploadPath, listImports } from '@/api/data-library';
import { callQuietly, callReply } from '@/api/http';
import { uploadFile } from '@/api/upload';
import { ImportForm } from './import-form';
import { ImportProgress } from './import-progress';
import { formatOfFileName, isImportActive } from './import-view';
import { useImportJob } from './use-import-job';

interface ImportDialogProps {
  dataset: DatasetView | null;
  onClose: () => void;
  /** An import finished: the dataset's count and preview changed. */
  onImported: () => void;
}

const MSG_CHOOSE_FILE = '请选择要导入的文件';
const MSG_CHOOSE_FORMAT = '请选择文件格式';
const MSG_FILE_TOO_LARGE = '文件不能超过 4GB';
const MSG_UPLOAD_FAILED = '文件上传失败';

/**
 * Root's import into a dataset (issue 14): a JSON array, JSONL, CSV or Parquet file is uploaded,
 * then imported by a job on the server; the dialog follows it every second. Closing the dialog
 * stops only the following: opening it again for the same dataset picks the running import up.
 */
export function ImportDialog({ dataset, onClose, onImported }: ImportDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<ImportFormat | undefined>();
  const [mode, setMode] = useState<ImportMode>('rollback');
  const [uploadPercent, setUploadPercent] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const upload = useRef<AbortController | null>(null);
  const { job, follow } = useImportJob(onImported);
  const datasetId = dataset?.id;

  useEffect(() => {
    setFile(null);
    setFormat(undefined);
    setMode('rollback');
    setUploadPercent(null);
    follow(null);
    if (datasetId === undefined) return;
    let current = true;
    void callQuietly(listImports(datasetId)).then((imports) => {
      const newest: ImportView | undefined = imports?.[0];
      if (current && newest && isImportActive(newest)) follow(newest);
    });
    return () => {
      current = false;
      upload.current?.abort();
    };
  }, [datasetId, follow]);

  const handlePick = (picked: File | undefined) => {
    if (!picked) return;
    if (picked.size > IMPORT_MAX_BYTES) {
      Message.error(MSG_FILE_TOO_LARGE);
      return;
    }
    setFile(picked);
    setFormat(formatOfFileName(picked.name));
  };

  const handleStart = async () => {
    if (datasetId === undefined) return;
    if (!file) return Message.error(MSG_CHOOSE_FILE);
    if (!format) return Message.error(MSG_CHOOSE_FORMAT);
    const controller = new AbortController();
    upload.current = controller;
    setUploadPercent(0);
    try {
      const reply = await uploadFile<ImportView>(importUploadPath(datasetId, format, mode), file, { onProgress: setUploadPercent, signal: controller.signal });
      if (reply.success && reply.data) follow(reply.data);
      else Message.error(reply.message || MSG_UPLOAD_FAILED);
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) Message.error(MSG_UPLOAD_FAILED);
    } finally {
      if (upload.current === controller) upload.current = null;
      setUploadPercent(null);
    }
  };

  const handleCancelImport = async () => {
    if (!job) return;
    setCancelling(true);
    const reply = await callReply(cancelImport(job.id));
    setCancelling(false);
    if (reply?.data) follow(reply.data);
  };

  const handleAnother = () => {
    setFile(null);
    setFormat(undefined);
    follow(null);
  };

  const uploading = uploadPercent !== null;
  const footer = job ? (
    <>
      {isImportActive(job) ? (
        <Button status="danger" loading={cancelling} disabled={job.cancel_requested} onClick={handleCancelImport}>
          取消导入
        </Button>
      ) : (
        <Button onClick={handleAnother}>继续导入其他文件</Button>
      )}
      <Button type="primary" onClick={onClose}>
        关闭
      </Button>
    </>
  ) : (
    <>
      <Button onClick={onClose}>取消</Button>
      <Button type="primary" icon={<IconUpload />} loading={uploading} onClick={handleStart}>
        开始导入
      </Button>
    </>
  );

  return (
    <Modal
      title={dataset ? `导入数据：${dataset.name}` : '导入数据'}
      visible={dataset !== null}
      style={{ width: 'min(640px, calc(100vw - 32px))' }}
      footer={footer}
      onCancel={onClose}
      maskClosable={false}
    >
      {job ? (
        <>
          <ImportProgress job={job} />
          {isImportActive(job) && <Alert className="data-market-import-note" type="info" content="关闭对话框不会停止导入：导入在服务器上继续进行，再次打开本对话框可查看进度。" />}
        </>
      ) : (
        <ImportForm
          file={file}
          format={format}
          mode={mode}
          uploadPercent={uploadPercent}
          onPick={handlePick}
          onFormat={setFormat}
          onMode={setMode}
        />
      )}
    </Modal>
  );
}
