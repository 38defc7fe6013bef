import { useEffect, useState } from 'react';
import { Form, InputNumber, Message, Modal, Typography } from '@arco-design/web-react';
import { renderQuota } from '@gw/shared';
import { transferAffQuota } from '@/api/user';
import { attempt } from '../request';
import { validateAffTransfer } from './account-rules';
import type { QuotaDisplay } from './quota-display';

interface AffTransferModalProps {
  visible: boolean;
  affQuota: number;
  display: QuotaDisplay;
  onClose: () => void;
  onTransferred: () => void;
}

/** Moves affiliate earnings (in quota) to the balance: POST /api/user/aff_transfer {quota}. */
export function AffTransferModal({ visible, affQuota, display, onClose, onTransferred }: AffTransferModalProps) {
  const [quota, setQuota] = useState<number | undefined>(affQuota);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (visible) setQuota(affQuota);
  }, [visible, affQuota]);

  const handleOk = async () => {
    const problem = validateAffTransfer(quota, display);
    if (problem !== null || quota === undefined) {
      if (problem) Message.error(problem);
      return;
    }
    setSubmitting(true);
    const reply = await attempt(transferAffQuota(quota));
    setSubmitting(false);
    if (!reply) return;
    Message.success(reply.message || '划转成功');
    onTransferred();
    onClose();
  };

  return (
    <Modal title="划转邀请额度" visible={visible} confirmLoading={submitting} onOk={handleOk} onCancel={onClose} unmountOnExit>
      <Form layout="vertical">
        <Form.Item label={`可用邀请额度：${renderQuota(affQuota, display)}`} extra={quota !== undefined ? renderQuota(quota, display) : undefined}>
          <InputNumber aria-label="划转额度" value={quota} min={0} precision={0} onChange={(value) => setQuota(value)} />
        </Form.Item>
        <Typography.Text type="secondary">最低划转 {renderQuota(display.quotaPerUnit, display)}</Typography.Text>
      </Form>
    </Modal>
  );
}
