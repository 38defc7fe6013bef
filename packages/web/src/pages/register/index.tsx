import { useEffect } from 'react';
import { Alert, Card, Link, Result, Typography } from '@arco-design/web-react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ThirdPartyLogin } from '@/components/third-party-login';
import { AuthPage } from '@/layout/auth-page';
import { registrationMode } from '@/lib/registration-mode';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { RegisterForm } from '@/pages/register/register-form';
import { useStatusStore } from '@/stores/status';

/** Registration page (spec 1 §2.4); the query parameter aff is kept as the inviter code. */
export default function RegisterPage() {
  const status = useStatusStore((state) => state.status);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const aff = searchParams.get('aff');
  const mode = registrationMode(status);

  useEffect(() => {
    if (aff) localStorage.setItem(STORAGE_KEYS.aff, aff);
  }, [aff]);

  if (mode === 'closed') {
    return (
      <AuthPage>
        <Result status="warning" title="管理员已关闭新用户注册" subTitle="如需账户，请联系管理员" />
      </AuthPage>
    );
  }

  return (
    <AuthPage>
      <Card className="auth-card" title="注册新账户">
        {status?.password_register_enabled === false ? (
          <Alert type="warning" content="管理员已关闭密码注册，请使用第三方账户注册" />
        ) : (
          <RegisterForm status={status} inviteOnly={mode === 'invite'} inviteCode={aff ?? localStorage.getItem(STORAGE_KEYS.aff) ?? ''} />
        )}
        <Typography.Paragraph style={{ marginTop: 16, textAlign: 'center' }}>
          已有账户？<Link onClick={() => navigate('/login')}>点击登录</Link>
        </Typography.Paragraph>
        <ThirdPartyLogin status={status} />
      </Card>
    </AuthPage>
  );
}
