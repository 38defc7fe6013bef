import { useState } from 'react';
import { Button, Card, Message, Space } from '@arco-design/web-react';
import { call } from '@/api/http';
import { generateAccessToken } from '@/api/user';
import { copyText } from '@/lib/clipboard';
import { useUserStore, type User } from '@/stores/user';
import { ChangePasswordModal } from './change-password-modal';
import { DeleteAccountModal } from './delete-account-modal';

type Dialog = 'password' | 'delete' | null;

/** System access token, password change and account deletion. */
export function SecurityCard({ user }: { user: User }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [generating, setGenerating] = useState(false);

  const handleGenerateToken = async () => {
    setGenerating(true);
    const token = await call(generateAccessToken());
    setGenerating(false);
    if (!token) return;
    // The old token stops working: keep the new one for the calls that send it.
    useUserStore.getState().patchUser({ token });
    // When the clipboard refuses, copyText shows the token in the '无法复制到剪贴板，请手动复制' dialog.
    if (await copyText(token)) Message.success('令牌已重置并已复制到剪贴板');
  };

  const handleClose = () => setDialog(null);

  return (
    <Card title="账户安全" style={{ marginBottom: 16 }}>
      <Space wrap>
        <Button loading={generating} onClick={handleGenerateToken}>
          生成系统访问令牌
        </Button>
        <Button onClick={() => setDialog('password')}>修改密码</Button>
        <Button status="danger" onClick={() => setDialog('delete')}>
          删除个人账户
        </Button>
      </Space>
      <ChangePasswordModal visible={dialog === 'password'} onClose={handleClose} />
      <DeleteAccountModal visible={dialog === 'delete'} username={user.username} onClose={handleClose} />
    </Card>
  );
}
