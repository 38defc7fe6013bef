import { Button, Modal, Typography } from '@arco-design/web-react';
import { IconCopy } from '@arco-design/web-react/icon';

interface CreatedCodesModalProps {
  /** The codes just created; null while the dialog is closed. */
  codes: string[] | null;
  onCopy: (codes: string[]) => void;
  onClose: () => void;
}

/** The new codes, right after creation, with a button that copies them all. */
export function CreatedCodesModal({ codes, onCopy, onClose }: CreatedCodesModalProps) {
  return (
    <Modal
      title="兑换码已生成"
      visible={codes !== null}
      onCancel={onClose}
      className="redemption-created-modal"
      footer={
        <>
          <Button onClick={onClose}>关闭</Button>
          <Button type="primary" icon={<IconCopy />} onClick={() => codes && onCopy(codes)}>
            复制全部
          </Button>
        </>
      }
    >
      <Typography.Paragraph>共 {codes?.length ?? 0} 个兑换码，请复制后妥善保存：</Typography.Paragraph>
      <ul className="redemption-created-list" aria-label="新兑换码">
        {codes?.map((code) => (
          <li key={code}>
            <Typography.Text code>{code}</Typography.Text>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
