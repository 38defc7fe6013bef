import { useState } from 'react';
import { Button, Card, List, Space, Typography } from '@arco-design/web-react';
import type { SiteStatus } from '@/api/status';
import { openAuthorize } from '@/components/third-party-login/open-authorize';
import { useStatusStore } from '@/stores/status';
import type { User } from '@/stores/user';
import { EmailBindModal } from './email-bind-modal';
import { TelegramBindModal } from './telegram-bind-modal';
import { WeChatBindModal } from './wechat-bind-modal';

interface BindingCardProps {
  user: User;
  onBound: () => void;
}

type Dialog = 'email' | 'wechat' | 'telegram' | null;

interface BindingRow {
  name: string;
  current: string | undefined;
  /** The bind button shows only when the server enables this method (status object). */
  enabled: boolean | undefined;
  onBind: () => void;
}

/** Current bindings for e-mail, WeChat, GitHub, Telegram and LinuxDO, with their bind buttons. */
export function BindingCard({ user, onBound }: BindingCardProps) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const status: SiteStatus = useStatusStore((state) => state.status) ?? {};

  const rows: BindingRow[] = [
    { name: '邮箱', current: user.email, enabled: status.email_verification, onBind: () => setDialog('email') },
    { name: '微信', current: user.wechat_id && '已绑定', enabled: status.wechat_login, onBind: () => setDialog('wechat') },
    { name: 'GitHub', current: user.github_id, enabled: status.github_oauth, onBind: () => void openAuthorize('github') },
    { name: 'Telegram', current: user.telegram_id, enabled: status.telegram_oauth, onBind: () => setDialog('telegram') },
    { name: 'LinuxDO', current: user.linux_do_id, enabled: status.linuxdo_oauth, onBind: () => void openAuthorize('linuxdo') },
  ];

  const handleClose = () => setDialog(null);

  return (
    <Card title="账户绑定" style={{ marginBottom: 16 }}>
      <List
        bordered={false}
        dataSource={rows}
        render={(row) => (
          <List.Item
            key={row.name}
            actions={
              row.enabled
                ? [
                    <Button key="bind" size="small" onClick={row.onBind}>
                      {row.current ? `修改${row.name}绑定` : `绑定${row.name}`}
                    </Button>,
                  ]
                : []
            }
          >
            <Space>
              <Typography.Text bold>{row.name}</Typography.Text>
              <Typography.Text type="secondary">{row.current || '未绑定'}</Typography.Text>
            </Space>
          </List.Item>
        )}
      />
      <EmailBindModal visible={dialog === 'email'} onClose={handleClose} onBound={onBound} />
      <WeChatBindModal visible={dialog === 'wechat'} qrcode={status.wechat_qrcode} onClose={handleClose} onBound={onBound} />
      <TelegramBindModal visible={dialog === 'telegram'} botName={status.telegram_bot_name} onClose={handleClose} onBound={onBound} />
    </Card>
  );
}
