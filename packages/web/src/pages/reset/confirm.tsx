import { useState } from 'react';
import { Button, Card, Form, Input, Message, Result } from '@arco-design/web-react';
import { useSearchParams } from 'react-router-dom';
import { call } from '@/api/http';
import { confirmPasswordReset } from '@/api/user';
import { copyText } from '@/lib/clipboard';
import { AuthPage } from '@/layout/auth-page';

/** Password reset confirmation (spec 1 §2.5): reads email and token, shows the new password. */
export default function ResetConfirmPage() {
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email') ?? '';
  const token = searchParams.get('token') ?? '';
  const [loading, setLoading] = useState(false);
  const [newPassword, setNewPassword] = useState('');

  const handleConfirm = async () => {
    setLoading(true);
    const password = await call(confirmPasswordReset(email, token));
    setLoading(false);
    if (password) setNewPassword(password);
  };

  const handleCopy = async () => {
    if (await copyText(newPassword)) Message.success('新密码已复制到剪贴板');
  };

  if (!email || !token) {
    return (
      <AuthPage>
        <Result status="warning" title="重置链接无效" subTitle="请使用邮件中的完整链接，或重新申请密码重置" />
      </AuthPage>
    );
  }

  return (
    <AuthPage>
      <Card className="auth-card" title="密码重置确认">
        <Form layout="vertical">
          <Form.Item label="邮箱">
            <Input value={email} disabled />
          </Form.Item>
          {newPassword && (
            <Form.Item label="新密码">
              <Input value={newPassword} readOnly addAfter={<Button type="text" size="small" onClick={handleCopy}>复制</Button>} />
            </Form.Item>
          )}
          <Button type="primary" long loading={loading} disabled={Boolean(newPassword)} onClick={handleConfirm}>
            {newPassword ? '密码已重置' : '确认重置密码'}
          </Button>
        </Form>
      </Card>
    </AuthPage>
  );
}
