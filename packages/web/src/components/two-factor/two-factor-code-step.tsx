import { useState } from 'react';
import { Button, Form, Input, Link, Typography } from '@arco-design/web-react';
import { BACKUP_CODE_PATTERN, MSG_2FA_CODE_FORMAT, TOTP_CODE_PATTERN } from '@gw/shared';
import { describeError } from '@/api/http';
import { loginWithTwoFactor } from '@/api/two-factor';
import { useFinishLogin } from '@/session/use-finish-login';
import { useTwoFactorSignIn } from '@/stores/two-factor-sign-in';
import { PasskeySecondFactor } from './passkey-second-factor';

const MSG_BACKUP_FORMAT = '请输入备用码（格式 xxxx-xxxx）';

interface TwoFactorCodeStepProps {
  /** After 返回 (the password step comes back by itself on the login page). */
  onBack?: () => void;
}

/**
 * The second step of a sign-in with 2FA on: the authenticator's 6-digit code, or a backup code.
 * The server completes the sign-in begun in this browser (POST /api/user/login/2fa).
 */
export function TwoFactorCodeStep({ onBack }: TwoFactorCodeStepProps) {
  const [useBackup, setUseBackup] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const finishLogin = useFinishLogin();

  const handleSwitch = () => {
    setUseBackup(!useBackup);
    setCode('');
    setError('');
  };

  const handleBack = () => {
    useTwoFactorSignIn.getState().end();
    onBack?.();
  };

  const handleSubmit = async () => {
    const value = code.trim();
    if (!(useBackup ? BACKUP_CODE_PATTERN : TOTP_CODE_PATTERN).test(value)) {
      setError(useBackup ? MSG_BACKUP_FORMAT : MSG_2FA_CODE_FORMAT);
      return;
    }
    setSubmitting(true);
    setError('');
    try {
      const reply = await loginWithTwoFactor(value);
      if (reply.success) finishLogin(reply.data);
      else setError(reply.message);
    } catch (caught) {
      setError(describeError(caught));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form layout="vertical" onSubmit={handleSubmit} autoComplete="off" className="two-factor-code-step">
      <Typography.Paragraph>
        {useBackup ? '请输入一个未使用过的备用码。每个备用码只能使用一次。' : '请打开身份验证器应用，输入其中显示的 6 位验证码。'}
      </Typography.Paragraph>
      <Form.Item label={useBackup ? '备用码' : '验证码'} validateStatus={error ? 'error' : undefined} help={error || undefined}>
        <Input
          autoFocus
          value={code}
          onChange={setCode}
          placeholder={useBackup ? 'xxxx-xxxx' : '6 位数字验证码'}
          maxLength={useBackup ? 9 : 6}
          inputMode={useBackup ? 'text' : 'numeric'}
          autoComplete="one-time-code"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" long loading={submitting}>
        验证并登录
      </Button>
      <PasskeySecondFactor />
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 12 }}>
        <Link onClick={handleBack}>返回</Link>
        <Link onClick={handleSwitch}>{useBackup ? '使用验证码' : '使用备用码'}</Link>
      </div>
    </Form>
  );
}
