import { useState } from 'react';
import { Button } from '@arco-design/web-react';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { beginPasskeySecondFactor, finishPasskeySecondFactor } from '@/api/passkeys';
import { useFinishLogin } from '@/session/use-finish-login';
import { useTwoFactorSignIn } from '@/stores/two-factor-sign-in';
import { signInWithPasskey } from './passkey-ceremony';

/** In the 2FA code step (login and OAuth callback pages): 使用通行密钥验证, when the sign-in said the account holds a passkey. */
export function PasskeySecondFactor() {
  const available = useTwoFactorSignIn((state) => state.passkey);
  const [busy, setBusy] = useState(false);
  const finishLogin = useFinishLogin();
  if (!available || !browserSupportsWebAuthn()) return null;

  const handleClick = async () => {
    setBusy(true);
    const user = await signInWithPasskey(beginPasskeySecondFactor, finishPasskeySecondFactor);
    setBusy(false);
    if (user) finishLogin(user);
  };

  return (
    <Button long loading={busy} style={{ marginTop: 12 }} onClick={handleClick}>
      使用通行密钥验证
    </Button>
  );
}
