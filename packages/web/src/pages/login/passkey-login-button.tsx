import { useState } from 'react';
import { Button } from '@arco-design/web-react';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { beginPasskeyLogin, finishPasskeyLogin } from '@/api/passkeys';
import { useFinishLogin } from '@/session/use-finish-login';
import { useStatusStore } from '@/stores/status';
import { signInWithPasskey } from '@/components/two-factor/passkey-ceremony';

/** 使用通行密钥登录: no username; the device offers this site's passkeys (when the option and the browser allow). */
export function PasskeyLoginButton() {
  const enabled = useStatusStore((state) => state.status?.passkey_login === true);
  const [busy, setBusy] = useState(false);
  const finishLogin = useFinishLogin();
  if (!enabled || !browserSupportsWebAuthn()) return null;

  const handleClick = async () => {
    setBusy(true);
    const user = await signInWithPasskey(beginPasskeyLogin, finishPasskeyLogin);
    setBusy(false);
    if (user) finishLogin(user);
  };

  return (
    <Button long loading={busy} style={{ marginTop: 8 }} onClick={handleClick}>
      使用通行密钥登录
    </Button>
  );
}
