import { useState } from 'react';
import { Message, Modal } from '@arco-design/web-react';
import { MSG_DATASET_DELETE_FAILED, MSG_DATASET_DELETED, type DatasetView } from '@gw/shared';
import { deleteDataset } from '@/api/data-library';

interface DeleteDatasetModalProps {
  dataset: DatasetView | null;
  onClose: () => void;
  onDeleted: () => void;
}

/** Spec 3 §4 delete flow: confirm, delete, close, reload. Any truthy data is a success (§7). */
export function DeleteDatasetModal({ dataset, onClose, onDeleted }: DeleteDatasetModalProps) {
  const [deleting, setDeleting] = useState(false);

  const handleDelete = async () => {
    if (!dataset) return;
    setDeleting(true);
    try {
      const reply = await deleteDataset(dataset.id);
      if (reply.success && reply.data) {
        Message.success(MSG_DATASET_DELETED);
        onClose();
        onDeleted();
        return;
      }
      Message.error(reply.message ? `${MSG_DATASET_DELETE_FAILED}：${reply.message}` : MSG_DATASET_DELETE_FAILED);
    } catch {
      Message.error(MSG_DATASET_DELETE_FAILED);
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Modal
      title="删除数据集"
      visible={dataset !== null}
      style={{ width: 'min(480px, calc(100vw - 32px))' }}
      okText="删除"
      okButtonProps={{ status: 'danger' }}
      confirmLoading={deleting}
      onOk={handleDelete}
      onCancel={onClose}
    >
      确定删除数据集「{dataset?.name}」吗？它的全部记录会一并删除，且无法恢复。
    </Modal>
  );
}
