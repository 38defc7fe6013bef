import { Modal, Typography } from '@arco-design/web-react';

interface ContactModalProps {
  visible: boolean;
  /** The site's WeChat QR code image (WeChatAccountQRCodeImageURL), when configured. */
  qrcode?: string;
  onClose: () => void;
}

/** Sign-in is by invitation only; this dialog tells visitors how to ask for access. */
export function ContactModal({ visible, qrcode, onClose }: ContactModalProps) {
  return (
    <Modal title="联系我们" visible={visible} onCancel={onClose} footer={null}>
      <div style={{ textAlign: 'center' }}>
        {qrcode ? (
          <img src={qrcode} alt="联系二维码" style={{ width: 200, marginBottom: 12 }} />
        ) : (
          <Typography.Paragraph type="secondary">管理员暂未配置联系二维码</Typography.Paragraph>
        )}
        <Typography.Paragraph>扫码添加商务联系人，申请账号或洽谈合作。</Typography.Paragraph>
      </div>
    </Modal>
  );
}
