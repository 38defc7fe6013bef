import { useState } from 'react';
import { Button, Card, Form, Input, Message } from '@arco-design/web-react';
import { callOk } from '@/api/http';
import { requestPasswordReset } from '@/api/user';
import { MSG_TURNSTILE_PENDING, TurnstileWidget } from '@/components/turnstile/turnstile-widget';
import { useCountdown } from '@/lib/countdown';
import { useStatusStore } from '@/stores/status';
import { AuthPage } from '@/layout/auth-page';
import { EMAIL_RULES } from '@/lib/email-rules';

const RETRY_SECONDS = 30;

/** Password reset request (spec 1 §2.5): e-mail, optional Turnstile, 30 s retry countdown. */
export default function ResetRequestPage() {
  const status = useStatusStore((state) => state.status);
  const [turnstileToken, setTurnstileToken] = useState('');
  const [loading, setLoading] = useState(false);
  const countdown = useCountdown(RETRY_SECONDS);

  const handleSubmit = async ({ email }: { email: string }) => {
    if (status?.turnstile_check && !turnstileToken) {
      Message.info(MSG_TURNSTILE_PENDING);
      return;
    }
    setLoading(true);
    countdown.start();
    const ok = await callOk(requestPasswordReset(email, turnstileToken));
    setLoading(false);
    if (ok) Message.success('重置邮件发送成功，请检查邮箱！');
  };

  return (
    <AuthPage>
      <Card className="auth-card" title="密码重置">
        <Form layout="vertical" onSubmit={handleSubmit}>
          <Form.Item
            field="email"
            label="邮箱"
            rules={EMAIL_RULES}
          >
            <Input placeholder="输入注册时使用的邮箱地址" />
          </Form.Item>
          {status?.turnstile_check && status.turnstile_site_key && (
            <Form.Item>
              <TurnstileWidget siteKey={status.turnstile_site_key} onVerify={setTurnstileToken} />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" long loading={loading} disabled={countdown.active}>
            {countdown.active ? `重试 (${countdown.left})` : '发送重置邮件'}
          </Button>
        </Form>
      </Card>
    </AuthPage>
  );
}
