import { useEffect, useState } from 'react';
import { Message, Modal, Progress } from '@arco-design/web-react';
import {
  COVER_MAX_BYTES,
  MSG_COVER_SELECT_IMAGE,
  MSG_COVER_UPDATE_FAILED,
  MSG_COVER_UPDATED,
  MSG_COVER_UPLOAD_FAILED,
  MSG_IMAGE_UPLOAD_FAILED,
  type DatasetView,
} from '@gw/shared';
import { COVER_UPLOAD_PATH, updateDataset, type CoverUploadReply } from '@/api/data-library';
import { uploadFile } from '@/api/upload';
import { ImagePicker } from './image-picker';

interface CoverModalProps {
  dataset: DatasetView | null;
  onClose: () => void;
  onChanged: () => void;
}

const MSG_NOT_IMAGE = '请选择图片文件';
const MSG_TOO_LARGE = '图片不能超过 5MB';

const withReason = (message: string, reason: string) => (reason ? `${message}：${reason}` : message);

/**
 * Spec 3 §4 cover flow, §5: pick one image, upload it, set it as the dataset's cover_page, close,
 * reload. The server checks the image again (type from its bytes, 5 MB while streaming).
 */
export function CoverModal({ dataset, onClose, onChanged }: CoverModalProps) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  useEffect(() => {
    setFile(null);
    setProgress(null);
  }, [dataset]);

  const handlePick = (picked: File) => {
    if (picked.type && !picked.type.startsWith('image/')) return Message.error(MSG_NOT_IMAGE);
    if (picked.size > COVER_MAX_BYTES) return Message.error(MSG_TOO_LARGE);
    setFile(picked);
  };

  const handleConfirm = async () => {
    if (!dataset) return;
    if (!file) {
      Message.error(MSG_COVER_SELECT_IMAGE);
      return;
    }
    setProgress(0);
    try {
      const uploaded = await uploadFile<CoverUploadReply>(COVER_UPLOAD_PATH, file, { onProgress: setProgress });
      const url = uploaded.success ? uploaded.data?.oss_url : undefined;
      if (!url) {
        Message.error(uploaded.success ? MSG_IMAGE_UPLOAD_FAILED : withReason(MSG_IMAGE_UPLOAD_FAILED, uploaded.message));
        return;
      }
      const updated = await updateDataset(dataset.id, { cover_page: url });
      if (!updated.success) {
        Message.error(withReason(MSG_COVER_UPDATE_FAILED, updated.message));
        return;
      }
      Message.success(MSG_COVER_UPDATED);
      onClose();
      onChanged();
    } catch {
      Message.error(MSG_COVER_UPLOAD_FAILED);
    } finally {
      setProgress(null);
    }
  };

  return (
    <Modal
      title="更换封面"
      visible={dataset !== null}
      style={{ width: 'min(520px, calc(100vw - 32px))' }}
      okText="确定"
      confirmLoading={progress !== null}
      onOk={handleConfirm}
      onCancel={onClose}
    >
      <ImagePicker file={file} onPick={handlePick} />
      {progress !== null && <Progress percent={progress} size="small" aria-label="上传进度" />}
    </Modal>
  );
}
