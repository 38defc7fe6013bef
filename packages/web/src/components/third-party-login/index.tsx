import { useState } from 'react';
import { Button, Divider, Space } from '@arco-design/web-react';
import { IconGithub, IconSafe, IconWechat } from '@arco-design/web-react/icon';
import { OIDC_DEFAULT_NAME } from '@gw/shared';
import { call } from '@/api/http';
import { telegramLogin, type OAuthProvider, type TelegramAuthData } from '@/api/oauth';
import type { SiteStatus } from '@/api/status';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { useFinishLogin } from '@/session/use-finish-login';
import { TelegramLoginWidget } from '@/components/third-party-login/telegram-login-widget';
import { WechatLoginModal } from '@/components/third-party-login/wechat-login-modal';
import { openAuthorize } from '@/components/third-party-login/open-authorize';

interface ThirdPartyLoginProps {
  status: SiteStatus | null;
}

/** GitHub, LinuxDO, OpenID Connect, WeChat and Telegram sign-in, each only when the server status enables it. */
export function ThirdPartyLogin({ status }: ThirdPartyLoginProps) {
  const [wechatVisible, setWechatVisible] = useState(false);
  const finishLogin = useFinishLogin();
  if (!status?.github_oauth && !status?.linuxdo_oauth && !status?.oidc_enabled && !status?.wechat_login && !status?.telegram_oauth) return null;

  // A new account made through a provider is invited by the code saved from /register?aff= (spec 1 §2.4).
  const aff = () => localStorage.getItem(STORAGE_KEYS.aff) ?? undefined;

  const handleOAuth = (provider: OAuthProvider) => void openAuthorize(provider, aff());

  const handleTelegramAuth = async (data: TelegramAuthData) => {
    const user = await call(telegramLogin(data, aff()));
    if (user) finishLogin(user);
  };

  return (
    <div>
      <Divider orientation="center">第三方登录</Divider>
      <Space wrap size="medium" style={{ width: '100%', justifyContent: 'center' }}>
        {status.github_oauth && (
          <Button icon={<IconGithub />} onClick={() => handleOAuth('github')}>
            使用 GitHub 登录
          </Button>
        )}
        {status.linuxdo_oauth && (
          <Button onClick={() => handleOAuth('linuxdo')}>使用 LinuxDO 登录</Button>
        )}
        {status.oidc_enabled && (
          <Button icon={<IconSafe />} onClick={() => handleOAuth('oidc')}>
            {`使用 ${status.oidc_name || OIDC_DEFAULT_NAME} 登录`}
          </Button>
        )}
        {status.wechat_login && (
          <Button icon={<IconWechat />} onClick={() => setWechatVisible(true)}>
            使用微信登录
          </Button>
        )}
        {status.telegram_oauth && status.telegram_bot_name && <TelegramLoginWidget botName={status.telegram_bot_name} onAuth={handleTelegramAuth} />}
      </Space>
      {status.wechat_login && (
        <WechatLoginModal visible={wechatVisible} qrcode={status.wechat_qrcode} aff={aff()} onClose={() => setWechatVisible(false)} />
      )}
    </div>
  );
}
