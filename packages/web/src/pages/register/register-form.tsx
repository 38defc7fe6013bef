import { useState } from 'react';
import { Button, Form, Input, Message } from '@arco-design/web-react';
import { useNavigate } from 'react-router-dom';
import {
  MSG_PASSWORD_MISMATCH,
  MSG_PASSWORD_TOO_LONG,
  MSG_PASSWORD_TOO_SHORT,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
} from '@gw/shared';
import { callOk } from '@/api/http';
import type { SiteStatus } from '@/api/status';
import { register, type RegisterForm as RegisterValues } from '@/api/user';
import { MSG_TURNSTILE_PENDING, TurnstileWidget } from '@/components/turnstile/turnstile-widget';
import { EmailCodeFields } from '@/pages/register/email-code-fields';

interface RegisterFormProps {
  status: SiteStatus | null;
  /** Registration needs an invitation code (the server refuses one without it). */
  inviteOnly: boolean;
  /** The inviter code kept from an invitation link (spec 1 §2.4), pre-filled. */
  inviteCode: string;
}

/** Registration fields and rules of spec 1 §2.4 and §5. */
export function RegisterForm({ status, inviteOnly, inviteCode }: RegisterFormProps) {
  const [form] = Form.useForm<RegisterValues>();
  const [loading, setLoading] = useState(false);
  const [turnstileToken, setTurnstileToken] = useState('');
  const navigate = useNavigate();
  const turnstileOn = Boolean(status?.turnstile_check);

  const handleSubmit = async (values: RegisterValues) => {
    if (turnstileOn && !turnstileToken) {
      Message.info(MSG_TURNSTILE_PENDING);
      return;
    }
    setLoading(true);
    const body = { ...values, aff_code: values.aff_code?.trim() || undefined };
    const ok = await callOk(register(body, turnstileToken));
    setLoading(false);
    if (ok) {
      Message.success('注册成功！');
      navigate('/login');
    }
  };

  return (
    <Form form={form} layout="vertical" onSubmit={handleSubmit} autoComplete="off" initialValues={{ aff_code: inviteCode }}>
      <Form.Item field="username" label="用户名" rules={[{ required: true, message: '请输入用户名' }]}>
        <Input placeholder="用户名" maxLength={USERNAME_MAX_LENGTH} autoComplete="username" />
      </Form.Item>
      <Form.Item
        field="password"
        label="密码"
        rules={[
          { required: true, message: '请输入密码' },
          { minLength: PASSWORD_MIN_LENGTH, message: MSG_PASSWORD_TOO_SHORT },
          { maxLength: PASSWORD_MAX_LENGTH, message: MSG_PASSWORD_TOO_LONG },
        ]}
      >
        <Input.Password placeholder="输入密码，最短 8 位，最长 20 位" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        field="password2"
        label="确认密码"
        rules={[
          {
            validator: (value, callback) => {
              if (value !== form.getFieldValue('password')) callback(MSG_PASSWORD_MISMATCH);
              else callback();
            },
          },
        ]}
      >
        <Input.Password placeholder="再次输入密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        field="aff_code"
        label="邀请码"
        rules={inviteOnly ? [{ required: true, message: '请输入邀请码' }] : []}
        extra={inviteOnly ? '本平台采用邀请制，请填写邀请人提供的邀请码' : undefined}
      >
        <Input placeholder={inviteOnly ? '邀请码' : '邀请码（选填）'} maxLength={32} />
      </Form.Item>
      {status?.email_verification && (
        <EmailCodeFields getEmail={() => form.getFieldValue('email')} turnstileToken={turnstileToken} />
      )}
      {turnstileOn && status?.turnstile_site_key && (
        <Form.Item>
          <TurnstileWidget siteKey={status.turnstile_site_key} onVerify={setTurnstileToken} />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" long loading={loading}>
        注册
      </Button>
    </Form>
  );
}
