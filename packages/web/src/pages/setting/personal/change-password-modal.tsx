import { useState } from 'react';
import { Form, Input, Message, Modal } from '@arco-design/web-react';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@gw/shared';
import { updateSelfPassword } from '@/api/user';
import { attempt } from '../request';
import { validateNewPassword } from './account-rules';

interface ChangePasswordModalProps {
  visible: boolean;
  onClose: () => void;
}

export function ChangePasswordModal({ visible, onClose }: ChangePasswordModalProps) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const handleClose = () => {
    setPassword('');
    setConfirmation('');
    onClose();
  };

  const handleOk = async () => {
    const problem = validateNewPassword(password, confirmation);
    if (problem) {
      Message.error(problem);
      return;
    }
    setSubmitting(true);
    const reply = await attempt(updateSelfPassword(password));
    setSubmitting(false);
    if (!reply) return;
    Message.success('密码修改成功！');
    handleClose();
  };

  const placeholder = `${PASSWORD_MIN_LENGTH}-${PASSWORD_MAX_LENGTH} 位`;
  return (
    <Modal title="修改密码" visible={visible} confirmLoading={submitting} onOk={handleOk} onCancel={handleClose} unmountOnExit>
      <Form layout="vertical" autoComplete="off">
        <Form.Item label="新密码">
          <Input.Password aria-label="新密码" autoComplete="new-password" value={password} onChange={setPassword} placeholder={placeholder} />
        </Form.Item>
        <Form.Item label="确认新密码">
          <Input.Password aria-label="确认新密码" autoComplete="new-password" value={confirmation} onChange={setConfirmation} placeholder={placeholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
