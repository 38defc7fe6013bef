import { Typography } from '@arco-design/web-react';
import type { OptionKey } from '@gw/shared';
import { OptionCard } from '../components/option-card';
import { OptionInput } from '../components/option-fields';
import type { OptionsForm } from '../use-options-form';

interface ProviderCard {
  title: string;
  hint: (serverAddress: string) => string;
  saveText: string;
  fields: { option: OptionKey; placeholder?: string }[];
}

/** Third-party sign-in and human verification; their on/off switches are in the login card. */
const PROVIDER_CARDS: readonly ProviderCard[] = [
  {
    title: '配置 GitHub OAuth App',
    hint: (server) => `用以支持通过 GitHub 进行登录注册；Authorization callback URL 填 ${server}/oauth/github/callback`,
    saveText: '保存 GitHub OAuth 设置',
    fields: [{ option: 'GitHubClientId', placeholder: '输入你注册的 GitHub OAuth APP 的 ID' }, { option: 'GitHubClientSecret' }],
  },
  {
    title: '配置 WeChat Server',
    hint: () => '用以支持通过微信进行登录注册',
    saveText: '保存 WeChat Server 设置',
    fields: [
      { option: 'WeChatServerAddress', placeholder: '例如：https://yourdomain.com' },
      { option: 'WeChatServerToken' },
      { option: 'WeChatAccountQRCodeImageURL', placeholder: '输入一个图片链接' },
    ],
  },
  {
    title: '配置 Telegram 登录',
    hint: () => '用以支持通过 Telegram 进行登录注册',
    saveText: '保存 Telegram 登录设置',
    fields: [{ option: 'TelegramBotToken' }, { option: 'TelegramBotName', placeholder: '输入你的 Telegram Bot 名称' }],
  },
  {
    title: '配置 Turnstile',
    hint: () => '用以支持用户校验',
    saveText: '保存 Turnstile 设置',
    fields: [{ option: 'TurnstileSiteKey', placeholder: '输入你注册的 Turnstile Site Key' }, { option: 'TurnstileSecretKey' }],
  },
  {
    title: '配置 LinuxDO OAuth',
    hint: (server) => `用以支持通过 LinuxDO 进行登录注册；回调地址填 ${server}/oauth/linuxdo/callback`,
    saveText: '保存 LinuxDO OAuth 设置',
    fields: [
      { option: 'LinuxDOClientId', placeholder: '输入你注册的 LinuxDO OAuth APP 的 ID' },
      { option: 'LinuxDOClientSecret' },
      { option: 'LinuxDOMinimumTrustLevel', placeholder: '0 到 4，低于此信任等级的账户不能登录或绑定' },
    ],
  },
];

export function ProviderCards({ form }: { form: OptionsForm }) {
  const serverAddress = form.original.ServerAddress || '<服务器地址>';
  return (
    <>
      {PROVIDER_CARDS.map((card) => (
        <OptionCard key={card.title} title={card.title} form={form} keys={card.fields.map((field) => field.option)} saveText={card.saveText}>
          <Typography.Paragraph type="secondary">{card.hint(serverAddress)}</Typography.Paragraph>
          {card.fields.map((field) => (
            <OptionInput key={field.option} form={form} option={field.option} placeholder={field.placeholder} />
          ))}
        </OptionCard>
      ))}
    </>
  );
}
