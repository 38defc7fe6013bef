import { useEffect, useState } from 'react';
import { Button, Input, Message, Modal, Spin, Steps, Typography } from '@arco-design/web-react';
import { MSG_2FA_CODE_FORMAT, TOTP_CODE_PATTERN, type TwoFactorSetup } from '@gw/shared';
import QRCode from 'qrcode';
import { callReply } from '@/api/http';
import { enableTwoFactor, setupTwoFactor } from '@/api/two-factor';
import { BackupCodes } from '@/components/two-factor/backup-codes';
import '@/components/two-factor/two-factor.css';

interface TwoFactorSetupModalProps {
  visible: boolean;
  systemName: string;
  onClose: () => void;
  onEnabled: () => void;
}

/** The QR code as an SVG data URL, drawn in the browser: the secret never goes to another service. */
async function qrImage(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * 启用两步验证: scan the QR code (or type the secret), keep the backup codes (shown once), confirm
 * with a first code. Nothing is on until that code is accepted.
 */
export function TwoFactorSetupModal({ visible, systemName, onClose, onEnabled }: TwoFactorSetupModalProps) {
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [qr, setQr] = useState('');
  const [step, setStep] = useState(0);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (!visible) return;
    let live = true;
    setStep(0);
    setCode('');
    setError('');
    setSetup(null);
    setQr('');
    void callReply(setupTwoFactor()).then(async (reply) => {
      if (!live) return;
      if (!reply) {
        onClose();
        return;
      }
      setSetup(reply.data);
      const image = await qrImage(reply.data.qr_code_data);
      if (live) setQr(image);
    });
    return () => {
      live = false;
    };
  }, [visible, onClose]);

  const handleEnable = async () => {
    const value = code.trim();
    if (!TOTP_CODE_PATTERN.test(value)) {
      setError(MSG_2FA_CODE_FORMAT);
      return;
    }
    setSubmitting(true);
    const reply = await enableTwoFactor(value).catch(() => undefined);
    setSubmitting(false);
    if (!reply?.success) {
      setError(reply?.message ?? '请求失败，请重试');
      return;
    }
    Message.success(reply.message || '两步验证已启用');
    onEnabled();
    onClose();
  };

  const footer =
    step < 2 ? (
      <Button type="primary" disabled={!setup} onClick={() => setStep(step + 1)}>
        下一步
      </Button>
    ) : (
      <>
        <Button onClick={() => setStep(1)}>上一步</Button>
        <Button type="primary" loading={submitting} onClick={handleEnable}>
          确认启用
        </Button>
      </>
    );

  return (
    <Modal title="启用两步验证" visible={visible} onCancel={onClose} footer={footer} unmountOnExit maskClosable={false} style={{ maxWidth: 'calc(100vw - 32px)' }}>
      <Steps current={step + 1} size="small" labelPlacement="vertical" style={{ marginBottom: 16 }}>
        <Steps.Step title="扫描二维码" />
        <Steps.Step title="保存备用码" />
        <Steps.Step title="输入验证码" />
      </Steps>
      {!setup ? (
        <Spin style={{ display: 'block', margin: '24px auto' }} />
      ) : step === 0 ? (
        <div>
          <Typography.Paragraph>使用身份验证器应用（如 Google Authenticator、Microsoft Authenticator）扫描下方二维码：</Typography.Paragraph>
          {qr ? <img className="two-factor-qr" src={qr} alt="两步验证二维码" /> : <Spin style={{ display: 'block', margin: '24px auto' }} />}
          <Typography.Paragraph>无法扫描时，请手动输入密钥：</Typography.Paragraph>
          <Typography.Paragraph className="two-factor-secret" copyable code data-testid="two-factor-secret">
            {setup.secret}
          </Typography.Paragraph>
        </div>
      ) : step === 1 ? (
        <BackupCodes codes={setup.backup_codes} systemName={systemName} />
      ) : (
        <div>
          <Typography.Paragraph>输入身份验证器中显示的 6 位验证码，完成启用：</Typography.Paragraph>
          <Input
            autoFocus
            value={code}
            onChange={(value) => {
              setCode(value);
              setError('');
            }}
            onPressEnter={handleEnable}
            placeholder="6 位数字验证码"
            maxLength={6}
            inputMode="numeric"
            status={error ? 'error' : undefined}
            aria-label="验证码"
          />
          {error && <Typography.Text type="error">{error}</Typography.Text>}
        </div>
      )}
    </Modal>
  );
}
