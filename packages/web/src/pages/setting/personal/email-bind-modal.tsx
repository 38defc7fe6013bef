import { useState } from 'react';
import { Button, Form, Input, Message, Modal } from '@arco-design/web-react';
import { sendVerificationCode } from '@/api/user';
import { MSG_TURNSTILE_PENDING, TurnstileWidget } from '@/components/turnstile/turnstile-widget';
import { useStatusStore } from '@/stores/status';
import { useCountdown } from '@/lib/countdown';
import { attempt } from '../request';
import { MSG_EMAIL_CODE_REQUIRED, MSG_EMAIL_REQUIRED } from './account-rules';
import { bindEmail } from './bind-api';

/** Seconds before another code can be sent (spec 1 §9). */
const RESEND_SECONDS = 30;

interface EmailBindModalProps {
  visible: boolean;
  onClose: () => void;
  onBound: () => void;
}

export function EmailBindModal({ visible, onClose, onBound }: EmailBindModalProps) {
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [turnstileToken, setTurnstileToken] = useState('');
  const status = useStatusStore((state) => state.status);
  const countdown = useCountdown(RESEND_SECONDS);

  const handleSendCode = async () => {
    if (!email) {
      Message.error(MSG_EMAIL_REQUIRED);
      return;
    }
    // The server checks Turnstile on every code request when it is on (docs/console-api.md).
    if (status?.turnstile_check && !turnstileToken) {
      Message.info(MSG_TURNSTILE_PENDING);
      return;
    }
    if (await attempt(sendVerificationCode(email, turnstileToken))) {
      Message.success('验证码发送成功，请检查你的邮箱！');
      countdown.start();
    }
  };

  const handleOk = async () => {
    if (!email) {
      Message.error(MSG_EMAIL_REQUIRED);
      return;
    }
    if (!code) {
      Message.error(MSG_EMAIL_CODE_REQUIRED);
      return;
    }
    setSubmitting(true);
    const reply = await attempt(bindEmail(email, code));
    setSubmitting(false);
    if (!reply) return;
    Message.success('邮箱账户绑定成功！');
    onBound();
    onClose();
  };

  return (
    <Modal title="绑定邮箱地址" visible={visible} confirmLoading={submitting} onOk={handleOk} onCancel={onClose} unmountOnExit>
      <Form layout="vertical">
        <Form.Item label="邮箱">
          <Input
            aria-label="邮箱"
            type="email"
            value={email}
            onChange={setEmail}
            placeholder="输入邮箱地址"
            addAfter={
              <Button type="text" size="mini" disabled={countdown.active} onClick={handleSendCode}>
                {countdown.active ? `重新发送 (${countdown.left})` : '获取验证码'}
              </Button>
            }
          />
        </Form.Item>
        <Form.Item label="验证码">
          <Input aria-label="验证码" value={code} onChange={setCode} placeholder="输入邮箱验证码" />
        </Form.Item>
        {status?.turnstile_check && status.turnstile_site_key && (
          <Form.Item>
            <TurnstileWidget siteKey={status.turnstile_site_key} onVerify={setTurnstileToken} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
