import { useEffect, useRef } from 'react';
import { Card, Message, Spin, Typography } from '@arco-design/web-react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { showError } from '@/api/http';
import { oauthCallback } from '@/api/oauth';
import { TwoFactorCodeStep } from '@/components/two-factor/two-factor-code-step';
import { AuthPage } from '@/layout/auth-page';
import { useFinishLogin } from '@/session/use-finish-login';
import { useTwoFactorSignIn } from '@/stores/two-factor-sign-in';

/** /oauth/:type/callback (spec 1 §2.6): failure or a bind goes to /setting, a login goes on. */
export default function OAuthCallbackPage() {
  const { type = '' } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const finishLogin = useFinishLogin();
  const started = useRef(false);
  // A sign-in of an account with 2FA on: the code step here (finishLogin marks it pending).
  const codeStep = useTwoFactorSignIn((state) => state.pending);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = searchParams.get('code') ?? '';
    const state = searchParams.get('state') ?? '';
    // An OpenID Connect provider names itself in its redirect (RFC 9207); the server checks it.
    const iss = type === 'oidc' ? (searchParams.get('iss') ?? undefined) : undefined;
    oauthCallback(type, code, state, iss)
      .then((reply) => {
        if (!reply.success) {
          Message.error(reply.message);
          navigate('/setting', { replace: true });
        } else if (reply.message === 'bind') {
          Message.success('绑定成功！');
          navigate('/setting', { replace: true });
        } else {
          finishLogin(reply.data);
        }
      })
      .catch((error: unknown) => {
        showError(error);
        navigate('/setting', { replace: true });
      });
  }, [type, searchParams, navigate, finishLogin]);

  if (codeStep) {
    return (
      <AuthPage>
        <Card className="auth-card" bordered={false}>
          <Typography.Title heading={5}>两步验证</Typography.Title>
          <TwoFactorCodeStep onBack={() => navigate('/login', { replace: true })} />
        </Card>
      </AuthPage>
    );
  }

  return <Spin dot tip="正在处理第三方登录…" style={{ display: 'block', textAlign: 'center', marginTop: 120 }} />;
}
