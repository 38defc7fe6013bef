import { useState } from 'react';
import { Card, Link, Space, Typography } from '@arco-design/web-react';
import { useNavigate } from 'react-router-dom';
import { ThirdPartyLogin } from '@/components/third-party-login';
import { TwoFactorCodeStep } from '@/components/two-factor/two-factor-code-step';
import { AuthPage } from '@/layout/auth-page';
import { ContactModal } from '@/pages/login/contact-modal';
import { LoginForm } from '@/pages/login/login-form';
import { PasskeyLoginButton } from '@/pages/login/passkey-login-button';
import { registrationMode, type RegistrationMode } from '@/lib/registration-mode';
import { useStatusStore } from '@/stores/status';
import { useTwoFactorSignIn } from '@/stores/two-factor-sign-in';
import '@/pages/login/login.css';

/** Who can get an account, as the registration settings have it (spec 1 §1: by invitation by default). */
const ACCOUNT_NOTE: Record<RegistrationMode, string> = {
  invite: '本平台采用邀请制，凭邀请码注册后即可登录。',
  open: '新用户可直接注册账户，注册后即可登录。',
  closed: '本平台暂不开放注册，仅已有账户的用户可以登录。',
};

/** Sign-in page (spec 1 §2.3), with the staggered intro of 0.5 s, 1 s and 1.5 s. */
export default function LoginPage() {
  const status = useStatusStore((state) => state.status);
  const [contactVisible, setContactVisible] = useState(false);
  // After a sign-in answered require_2fa (password, WeChat, Telegram): the code step instead of the forms.
  const codeStep = useTwoFactorSignIn((state) => state.pending);
  const navigate = useNavigate();

  /**
   * Back to the previous page, or /entry when there is none in the app. The router keeps its
   * history index in history.state; a guarded page replaced by /login does not count.
   */
  const handleCancel = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate('/entry');
  };

  return (
    <AuthPage>
      <Card className="auth-card" bordered={false}>
        <div className="login-intro login-intro-1">
          {status?.logo && <img src={status.logo} alt="" className="login-logo" />}
          <Typography.Title heading={4}>登录 {status?.system_name || 'AI 模型网关'}</Typography.Title>
        </div>
        {codeStep ? (
          <div className="login-code-step">
            <Typography.Title heading={6}>两步验证</Typography.Title>
            <TwoFactorCodeStep />
          </div>
        ) : (
          <>
            <div className="login-intro login-intro-2">
              {status?.password_login_enabled !== false ? <LoginForm onCancel={handleCancel} alternative={<PasskeyLoginButton />} /> : <PasskeyLoginButton />}
              <Space className="login-links" split="|">
                <Link onClick={() => navigate('/reset')}>忘记密码</Link>
                {status?.register_enabled !== false && <Link onClick={() => navigate('/register')}>注册账户</Link>}
              </Space>
            </div>
            <div className="login-intro login-intro-3">
              <Typography.Paragraph type="secondary" className="login-invite">
                {ACCOUNT_NOTE[registrationMode(status)]}
                <Link onClick={() => setContactVisible(true)}>联系我们</Link>
              </Typography.Paragraph>
              <ThirdPartyLogin status={status} />
            </div>
          </>
        )}
      </Card>
      <ContactModal visible={contactVisible} qrcode={status?.wechat_qrcode} contact={status?.business_contact} onClose={() => setContactVisible(false)} />
    </AuthPage>
  );
}
