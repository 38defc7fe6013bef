import { useState } from 'react';
import { Button, Form, Input, Message } from '@arco-design/web-react';
import { callOk } from '@/api/http';
import { sendVerificationCode } from '@/api/user';
import { useCountdown } from '@/lib/countdown';
import { EMAIL_RULES } from '@/lib/email-rules';

const RESEND_SECONDS = 30;

interface EmailCodeFieldsProps {
  /** Reads the e-mail currently typed in the form. */
  getEmail: () => string | undefined;
  turnstileToken: string;
}

/** E-mail, send-code button (30 s countdown labelled 重新发送) and code, when verification is on. */
export function EmailCodeFields({ getEmail, turnstileToken }: EmailCodeFieldsProps) {
  const [sending, setSending] = useState(false);
  const countdown = useCountdown(RESEND_SECONDS);

  const handleSendCode = async () => {
    const email = getEmail()?.trim();
    if (!email) {
      Message.error('请输入邮箱！');
      return;
    }
    setSending(true);
    const ok = await callOk(sendVerificationCode(email, turnstileToken));
    setSending(false);
    if (ok) {
      Message.success('验证码发送成功，请检查你的邮箱！');
      countdown.start();
    }
  };

  return (
    <>
      <Form.Item
        field="email"
        label="邮箱"
        rules={EMAIL_RULES}
      >
        <Input
          placeholder="输入邮箱地址"
          addAfter={
            <Button type="text" size="small" loading={sending} disabled={countdown.active} onClick={handleSendCode}>
              {countdown.active ? `重新发送 (${countdown.left})` : '获取验证码'}
            </Button>
          }
        />
      </Form.Item>
      <Form.Item field="verification_code" label="验证码" rules={[{ required: true, message: '请输入邮箱验证码！' }]}>
        <Input placeholder="输入验证码" />
      </Form.Item>
    </>
  );
}
