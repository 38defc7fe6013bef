import { useState } from 'react';
import { Button, Card, List, Message, Popconfirm, Space, Typography } from '@arco-design/web-react';
import { OIDC_DEFAULT_NAME } from '@gw/shared';
import { callOk } from '@/api/http';
import { oidcUnbind } from '@/api/oauth';
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
  /** Offered while bound (OIDC only): clears the binding, after a confirmation. */
  onUnbind?: () => Promise<void>;
}

/** Current bindings for e-mail, WeChat, GitHub, Telegram, LinuxDO and OIDC, with their bind (and OIDC's unbind) buttons. */
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
  const oidcName = status.oidc_name || OIDC_DEFAULT_NAME;
  const handleOidcUnbind = async () => {
    if (!(await callOk(oidcUnbind()))) return;
    Message.success(`已解除 ${oidcName} 绑定`);
    onBound();
  };

  // The OIDC row shows while the site offers it, or while the account is still bound to it (to unbind).
  if (status.oidc_enabled || user.oidc_id) {
    rows.push({ name: oidcName, current: user.oidc_id, enabled: status.oidc_enabled, onBind: () => void openAuthorize('oidc'), onUnbind: handleOidcUnbind });
  }

  const handleClose = () => setDialog(null);

  return (
    <Card title="账户绑定" style={{ marginBottom: 16 }}>
      <List
        bordered={false}
        dataSource={rows}
        render={(row) => (
          // The buttons sit in the row's own flex line (not List.Item's actions), so that on a phone a
          // long account id keeps its width and the buttons wrap below it.
          <List.Item key={row.name}>
            <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
              <Space align="start" style={{ minWidth: 0 }}>
                <Typography.Text bold style={{ whiteSpace: 'nowrap' }}>
                  {row.name}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>
                  {row.current || '未绑定'}
                </Typography.Text>
              </Space>
              <Space wrap>
                {row.enabled && (
                  <Button size="small" onClick={row.onBind}>
                    {row.current ? `修改${row.name}绑定` : `绑定${row.name}`}
                  </Button>
                )}
                {row.current && row.onUnbind && (
                  <Popconfirm title={`确定解除 ${row.name} 绑定吗？`} content={`解除后将不能再通过 ${row.name} 登录此账户`} onOk={row.onUnbind}>
                    <Button size="small" status="danger">
                      解除绑定
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            </div>
          </List.Item>
        )}
      />
      <EmailBindModal visible={dialog === 'email'} onClose={handleClose} onBound={onBound} />
      <WeChatBindModal visible={dialog === 'wechat'} qrcode={status.wechat_qrcode} onClose={handleClose} onBound={onBound} />
      <TelegramBindModal visible={dialog === 'telegram'} botName={status.telegram_bot_name} onClose={handleClose} onBound={onBound} />
    </Card>
  );
}
