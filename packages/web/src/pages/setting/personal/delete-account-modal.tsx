import { useState } from 'react';
import { Alert, Input, Message, Modal } from '@arco-design/web-react';
import { useNavigate } from 'react-router-dom';
import { deleteSelf } from '@/api/user';
import { useUserStore } from '@/stores/user';
import { attempt } from '../request';
import { validateDeleteConfirmation } from './account-rules';

interface DeleteAccountModalProps {
  visible: boolean;
  username: string;
  onClose: () => void;
}

/** Deletes the own account after the username is typed, then logs out (spec 1 §4). */
export function DeleteAccountModal({ visible, username, onClose }: DeleteAccountModalProps) {
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const handleClose = () => {
    setTyped('');
    onClose();
  };

  const handleOk = async () => {
    const problem = validateDeleteConfirmation(typed, username);
    if (problem) {
      Message.error(problem);
      return;
    }
    setSubmitting(true);
    const reply = await attempt(deleteSelf());
    setSubmitting(false);
    if (!reply) return;
    Message.success('账户已删除！');
    useUserStore.getState().clearUser();
    navigate('/entry');
  };

  return (
    <Modal
      title="删除个人账户"
      visible={visible}
      confirmLoading={submitting}
      okButtonProps={{ status: 'danger' }}
      onOk={handleOk}
      onCancel={handleClose}
      unmountOnExit
    >
      <Alert type="error" content="您正在删除自己的帐户，将清空所有数据且不可恢复" style={{ marginBottom: 12 }} />
      <Input aria-label="确认账户名" value={typed} onChange={setTyped} placeholder={`输入你的账户名 ${username} 以确认删除`} />
    </Modal>
  );
}
