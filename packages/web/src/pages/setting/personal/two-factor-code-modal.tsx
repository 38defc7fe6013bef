import { useState } from 'react';
import { Input, Modal, Typography } from '@arco-design/web-react';
import { BACKUP_CODE_PATTERN, MSG_2FA_CODE_FORMAT, MSG_2FA_CODE_OR_BACKUP_FORMAT, TOTP_CODE_PATTERN } from '@gw/shared';

interface TwoFactorCodeModalProps {
  visible: boolean;
  title: string;
  /** 'totp': the authenticator's code only; 'any': a backup code too. */
  accepts: 'totp' | 'any';
  /** Runs the call; true closes the dialog. */
  onSubmit: (code: string) => Promise<boolean>;
  onClose: () => void;
}

/** Asks for a code before a 2FA change (停用, 重新生成备用码). */
export function TwoFactorCodeModal({ visible, title, accepts, onSubmit, onClose }: TwoFactorCodeModalProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const handleClose = () => {
    setCode('');
    setError('');
    onClose();
  };

  const handleOk = async () => {
    const value = code.trim();
    const valid = TOTP_CODE_PATTERN.test(value) || (accepts === 'any' && BACKUP_CODE_PATTERN.test(value));
    if (!valid) {
      setError(accepts === 'any' ? MSG_2FA_CODE_OR_BACKUP_FORMAT : MSG_2FA_CODE_FORMAT);
      return;
    }
    setSubmitting(true);
    const done = await onSubmit(value);
    setSubmitting(false);
    if (done) handleClose();
  };

  return (
    <Modal title={title} visible={visible} confirmLoading={submitting} onOk={handleOk} onCancel={handleClose} unmountOnExit>
      <Typography.Paragraph>{accepts === 'any' ? '请输入身份验证器中的 6 位验证码，或一个备用码。' : '请输入身份验证器中的 6 位验证码。'}</Typography.Paragraph>
      <Input
        autoFocus
        value={code}
        onChange={(value) => {
          setCode(value);
          setError('');
        }}
        onPressEnter={handleOk}
        placeholder={accepts === 'any' ? '验证码或备用码' : '6 位数字验证码'}
        maxLength={accepts === 'any' ? 9 : 6}
        status={error ? 'error' : undefined}
        aria-label="验证码"
      />
      {error && <Typography.Text type="error">{error}</Typography.Text>}
    </Modal>
  );
}
