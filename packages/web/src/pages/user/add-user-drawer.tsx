import { useState } from 'react';
import { Drawer, Form, Input, Message } from '@arco-design/web-react';
import { MSG_PASSWORD_TOO_LONG, MSG_PASSWORD_TOO_SHORT, MSG_USER_CREATED, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH } from '@gw/shared';
import { callOk } from '@/api/http';
import { createUser, type NewUser } from '@/api/users-admin';
import { PASSWORD_HINT } from './user-view';

interface AddUserDrawerProps {
  visible: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** 添加用户, in a drawer on the left (spec 2 §2): username and password required, else nothing is sent. */
export function AddUserDrawer({ visible, onClose, onSaved }: AddUserDrawerProps) {
  const [form] = Form.useForm<NewUser>();
  const [submitting, setSubmitting] = useState(false);

  const handleSubmit = async () => {
    let values: NewUser;
    try {
      values = await form.validate();
    } catch {
      return;
    }
    setSubmitting(true);
    const ok = await callOk(createUser({ username: values.username.trim(), display_name: values.display_name?.trim() ?? '', password: values.password }));
    setSubmitting(false);
    if (!ok) return;
    Message.success(MSG_USER_CREATED);
    form.resetFields();
    onSaved();
    onClose();
  };

  return (
    <Drawer
      className="user-drawer"
      title="添加用户"
      placement="left"
      width={480}
      visible={visible}
      okText="提交"
      cancelText="取消"
      confirmLoading={submitting}
      onOk={handleSubmit}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" autoComplete="off">
        <Form.Item label="用户名" field="username" rules={[{ required: true, validator: requireText('请输入用户名') }]}>
          <Input aria-label="用户名" maxLength={USERNAME_MAX_LENGTH} placeholder="请输入用户名" />
        </Form.Item>
        <Form.Item label="显示名称" field="display_name">
          <Input aria-label="显示名称" placeholder="请输入显示名称" />
        </Form.Item>
        <Form.Item
          label="密码"
          field="password"
          extra={PASSWORD_HINT}
          rules={[
            { required: true, message: '请输入密码' },
            { minLength: PASSWORD_MIN_LENGTH, message: MSG_PASSWORD_TOO_SHORT },
            { maxLength: PASSWORD_MAX_LENGTH, message: MSG_PASSWORD_TOO_LONG },
          ]}
        >
          <Input.Password aria-label="密码" placeholder="请输入密码" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}

/** A required text field that spaces alone do not fill. */
export const requireText =
  (message: string) =>
  (value: string | undefined, callback: (error?: string) => void) =>
    callback(value?.trim() ? undefined : message);
