import { useState, type ReactNode } from 'react';
import { Modal } from '@arco-design/web-react';

interface ConfirmDeleteModalProps {
  title: string;
  visible: boolean;
  children: ReactNode;
  /** Resolves true when deleted (the modal then closes). */
  onConfirm: () => Promise<boolean>;
  onClose: () => void;
}

/** A delete confirmation: the call runs on 删除 and the modal closes when it succeeded. */
export function ConfirmDeleteModal({ title, visible, children, onConfirm, onClose }: ConfirmDeleteModalProps) {
  const [deleting, setDeleting] = useState(false);

  const handleOk = async () => {
    setDeleting(true);
    const deleted = await onConfirm();
    setDeleting(false);
    if (deleted) onClose();
  };

  return (
    <Modal
      title={title}
      visible={visible}
      style={{ width: 'min(480px, calc(100vw - 32px))' }}
      okText="删除"
      okButtonProps={{ status: 'danger' }}
      confirmLoading={deleting}
      onOk={handleOk}
      onCancel={onClose}
    >
      {children}
    </Modal>
  );
}
