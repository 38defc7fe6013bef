import { type ReactNode, useState } from 'react';
import { Button, Form, Input, Message } from '@arco-design/web-react';
import { showError } from '@/api/http';
import { login, type LoginForm as LoginValues } from '@/api/user';
import { MSG_TURNSTILE_PENDING, TurnstileWidget } from '@/components/turnstile/turnstile-widget';
import { useStatusStore } from '@/stores/status';
import { useFinishLogin } from '@/session/use-finish-login';

interface LoginFormProps {
  onCancel: () => void;
  /** Another way to sign in, under the 登录 button (使用通行密钥登录). */
  alternative?: ReactNode;
}

/** Username and password sign-in (spec 1 §2.3). */
export function LoginForm({ onCancel, alternative }: LoginFormProps) {
  const [form] = Form.useForm<LoginValues>();
  const [loading, setLoading] = useState(false);
  const [turnstileToken, setTurnstileToken] = useState('');
  const status = useStatusStore((state) => state.status);
  const turnstileOn = Boolean(status?.turnstile_check);
  const finishLogin = useFinishLogin();

  const handleSubmit = async (values: LoginValues) => {
    if (turnstileOn && !turnstileToken) {
      Message.info(MSG_TURNSTILE_PENDING);
      return;
    }
    setLoading(true);
    try {
      const reply = await login(values, turnstileOn ? turnstileToken : undefined);
      if (reply.success) finishLogin(reply.data);
      else Message.error(reply.message || '登录失败');
    } catch (error) {
      showError(error);
    } finally {
      setLoading(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onSubmit={handleSubmit} autoComplete="off">
      <Form.Item field="username" label="用户名" rules={[{ required: true, message: '请输入用户名' }]}>
        <Input placeholder="用户名" autoComplete="username" />
      </Form.Item>
      <Form.Item field="password" label="密码" rules={[{ required: true, message: '请输入密码' }]}>
        <Input.Password placeholder="密码" autoComplete="current-password" />
      </Form.Item>
      {turnstileOn && status?.turnstile_site_key && (
        <Form.Item>
          <TurnstileWidget siteKey={status.turnstile_site_key} onVerify={setTurnstileToken} />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" long loading={loading}>
        登录
      </Button>
      {alternative}
      <Button type="text" long style={{ marginTop: 8 }} onClick={onCancel}>
        取消
      </Button>
    </Form>
  );
}
