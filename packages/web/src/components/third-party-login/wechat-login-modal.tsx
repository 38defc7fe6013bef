import { useState } from 'react';
import { Button, Input, Modal, Space, Typography } from '@arco-design/web-react';
import { call } from '@/api/http';
import { wechatLogin } from '@/api/oauth';
import { useFinishLogin } from '@/session/use-finish-login';

interface WechatLoginModalProps {
  visible: boolean;
  qrcode?: string;
  /** The invitation code a new account is created with. */
  aff?: string;
  onClose: () => void;
}

/** Scan the official account QR code, get a code (valid 3 minutes) and sign in with it. */
export function WechatLoginModal({ visible, qrcode, aff, onClose }: WechatLoginModalProps) {
  const [code, setCode] = useState('');
  const [loading, setLoading] = useState(false);
  const finishLogin = useFinishLogin();

  const handleSubmit = async () => {
    if (!code) return;
    setLoading(true);
    const user = await call(wechatLogin(code, aff));
    setLoading(false);
    if (user) {
      onClose();
      finishLogin(user);
    }
  };

  return (
    <Modal title="微信扫码登录" visible={visible} onCancel={onClose} footer={null}>
      <Space direction="vertical" align="center" style={{ width: '100%' }}>
        {qrcode && <img src={qrcode} alt="微信公众号二维码" style={{ width: 200 }} />}
        <Typography.Text>微信扫码关注公众号，输入「验证码」获取验证码（三分钟内有效）</Typography.Text>
        <Input placeholder="验证码" value={code} onChange={setCode} onPressEnter={handleSubmit} />
        <Button type="primary" long loading={loading} disabled={!code} onClick={handleSubmit}>
          登录
        </Button>
      </Space>
    </Modal>
  );
}
