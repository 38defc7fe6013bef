import { useState } from 'react';
import { Button, Divider, Space } from '@arco-design/web-react';
import { IconGithub, IconWechat } from '@arco-design/web-react/icon';
import { call } from '@/api/http';
import { authorizeUrl, getOAuthState, type OAuthProvider } from '@/api/oauth';
import type { SiteStatus } from '@/api/status';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { TelegramLoginWidget } from '@/components/third-party-login/telegram-login-widget';
import { WechatLoginModal } from '@/components/third-party-login/wechat-login-modal';

interface ThirdPartyLoginProps {
  status: SiteStatus | null;
}

/** GitHub, LinuxDO, WeChat and Telegram sign-in, each only when the server status enables it. */
export function ThirdPartyLogin({ status }: ThirdPartyLoginProps) {
  const [wechatVisible, setWechatVisible] = useState(false);
  if (!status?.github_oauth && !status?.linuxdo_oauth && !status?.wechat_login && !status?.telegram_oauth) return null;

  const handleOAuth = async (provider: OAuthProvider, clientId = '') => {
    const state = await call(getOAuthState(localStorage.getItem(STORAGE_KEYS.aff) ?? undefined));
    if (state) window.open(authorizeUrl(provider, clientId, state));
  };

  return (
    <div>
      <Divider orientation="center">第三方登录</Divider>
      <Space wrap size="medium" style={{ width: '100%', justifyContent: 'center' }}>
        {status.github_oauth && (
          <Button icon={<IconGithub />} onClick={() => handleOAuth('github', status.github_client_id)}>
            使用 GitHub 登录
          </Button>
        )}
        {status.linuxdo_oauth && (
          <Button onClick={() => handleOAuth('linuxdo', status.linuxdo_client_id)}>使用 LinuxDO 登录</Button>
        )}
        {status.wechat_login && (
          <Button icon={<IconWechat />} onClick={() => setWechatVisible(true)}>
            使用微信登录
          </Button>
        )}
        {status.telegram_oauth && status.telegram_bot_name && <TelegramLoginWidget botName={status.telegram_bot_name} />}
      </Space>
      {status.wechat_login && (
        <WechatLoginModal visible={wechatVisible} qrcode={status.wechat_qrcode} onClose={() => setWechatVisible(false)} />
      )}
    </div>
  );
}
