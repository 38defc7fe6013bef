import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Message, Modal, Space, Tag, Typography } from '@arco-design/web-react';
import type { TwoFactorStatus } from '@gw/shared';
import { callQuietly, describeError } from '@/api/http';
import { disableTwoFactor, getTwoFactorStatus, regenerateBackupCodes } from '@/api/two-factor';
import { BackupCodes } from '@/components/two-factor/backup-codes';
import { useStatusStore } from '@/stores/status';
import { TwoFactorCodeModal } from './two-factor-code-modal';
import { TwoFactorSetupModal } from './two-factor-setup-modal';

type Dialog = 'setup' | 'disable' | 'regenerate' | null;

/** Runs a 2FA call from a code dialog: its message on success, the refusal as an error; true when done. */
async function run<T>(promise: Promise<{ success: boolean; message: string; data: T }>, onDone: (data: T) => void): Promise<boolean> {
  try {
    const reply = await promise;
    if (!reply.success) {
      Message.error(reply.message);
      return false;
    }
    if (reply.message) Message.success(reply.message);
    onDone(reply.data);
    return true;
  } catch (error) {
    Message.error(describeError(error));
    return false;
  }
}

/** 两步验证 (个人设置 → 安全): status, 启用, 停用 and 重新生成备用码. */
export function TwoFactorCard() {
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const systemName = useStatusStore((state) => state.status?.system_name) || 'AI 模型网关';

  const refresh = useCallback(async () => {
    const next = await callQuietly(getTwoFactorStatus());
    if (next) setStatus(next);
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const handleClose = useCallback(() => setDialog(null), []);

  const handleDisable = (code: string) => run(disableTwoFactor(code), () => void refresh());
  const handleRegenerate = (code: string) =>
    run(regenerateBackupCodes(code), (data) => {
      setNewCodes(data.backup_codes);
      void refresh();
    });

  return (
    <Card title="两步验证" style={{ marginBottom: 16 }} id="two-factor">
      <Typography.Paragraph type="secondary">开启后，登录时除密码外还需输入身份验证器应用中的 6 位验证码。</Typography.Paragraph>
      {status && (
        <Space wrap style={{ marginBottom: 12 }}>
          <Tag color={status.enabled ? 'green' : 'gray'}>{status.enabled ? '已启用' : '未启用'}</Tag>
          {status.enabled && <Typography.Text>剩余备用码：{status.backup_codes_remaining} 个</Typography.Text>}
          {status.locked && <Tag color="red">验证码错误次数过多，已暂时锁定</Tag>}
        </Space>
      )}
      <div>
        {status && !status.enabled && (
          <Button type="primary" onClick={() => setDialog('setup')}>
            启用两步验证
          </Button>
        )}
        {status?.enabled && (
          <Space wrap>
            <Button onClick={() => setDialog('regenerate')}>重新生成备用码</Button>
            <Button status="danger" onClick={() => setDialog('disable')}>
              停用两步验证
            </Button>
          </Space>
        )}
      </div>
      <TwoFactorSetupModal visible={dialog === 'setup'} systemName={systemName} onClose={handleClose} onEnabled={() => void refresh()} />
      <TwoFactorCodeModal visible={dialog === 'disable'} title="停用两步验证" accepts="any" onSubmit={handleDisable} onClose={handleClose} />
      <TwoFactorCodeModal visible={dialog === 'regenerate'} title="重新生成备用码" accepts="totp" onSubmit={handleRegenerate} onClose={handleClose} />
      <Modal title="新的备用码" visible={newCodes !== null} onOk={() => setNewCodes(null)} onCancel={() => setNewCodes(null)} hideCancel okText="我已保存" unmountOnExit>
        {newCodes && <BackupCodes codes={newCodes} systemName={systemName} />}
      </Modal>
    </Card>
  );
}
