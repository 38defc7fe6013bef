import { useState } from 'react';
import { Form, Image, Input, Message, Modal, Typography } from '@arco-design/web-react';
import { attempt } from '../request';
import { bindWeChat } from './bind-api';

interface WeChatBindModalProps {
  visible: boolean;
  qrcode: string | undefined;
  onClose: () => void;
  onBound: () => void;
}

/** The user follows the official account, asks it for a code (valid 3 minutes) and types it here. */
export function WeChatBindModal({ visible, qrcode, onClose, onBound }: WeChatBindModalProps) {
  const [code, setCode] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const handleOk = async () => {
    if (!code) {
      Message.error('请输入验证码');
      return;
    }
    setSubmitting(true);
    const reply = await attempt(bindWeChat(code));
    setSubmitting(false);
    if (!reply) return;
    Message.success('微信账户绑定成功！');
    onBound();
    onClose();
  };

  return (
    <Modal title="绑定微信" visible={visible} confirmLoading={submitting} onOk={handleOk} onCancel={onClose} unmountOnExit>
      {qrcode && <Image src={qrcode} width={200} alt="微信公众号二维码" style={{ display: 'block', margin: '0 auto 12px' }} />}
      <Typography.Paragraph type="secondary">扫码关注公众号，输入「验证码」获取验证码（三分钟内有效）</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label="验证码">
          <Input aria-label="微信验证码" value={code} onChange={setCode} placeholder="验证码" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
