import { Modal, Typography } from '@arco-design/web-react';

interface ContactModalProps {
  visible: boolean;
  /** The site's WeChat QR code image (WeChatAccountQRCodeImageURL), when configured. */
  qrcode?: string;
  /** The business contact (BusinessContact): an e-mail, a phone number or a web address. */
  contact?: string;
  onClose: () => void;
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;
const WEB_ADDRESS = /^https?:\/\/\S+$/i;

/** The contact as a link where it is one (mail or web), else as text. */
function ContactLine({ contact }: { contact: string }) {
  const href = EMAIL.test(contact) ? `mailto:${contact}` : WEB_ADDRESS.test(contact) ? contact : undefined;
  return (
    <Typography.Paragraph>
      商务联系：
      {href ? (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {contact}
        </a>
      ) : (
        contact
      )}
    </Typography.Paragraph>
  );
}

/** Sign-in is by invitation only; this dialog tells visitors how to ask for access (spec 1 §1). */
export function ContactModal({ visible, qrcode, contact, onClose }: ContactModalProps) {
  const address = contact?.trim() ?? '';
  return (
    <Modal title="联系我们" visible={visible} onCancel={onClose} footer={null}>
      <div style={{ textAlign: 'center' }}>
        {qrcode ? (
          <img src={qrcode} alt="联系二维码" style={{ width: 200, marginBottom: 12 }} />
        ) : (
          <Typography.Paragraph type="secondary">管理员暂未配置联系二维码</Typography.Paragraph>
        )}
        <Typography.Paragraph>扫码添加商务联系人，申请账号或洽谈合作。</Typography.Paragraph>
        {address !== '' && <ContactLine contact={address} />}
      </div>
    </Modal>
  );
}
