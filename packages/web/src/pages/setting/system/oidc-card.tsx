import { Typography } from '@arco-design/web-react';
import type { OptionKey } from '@gw/shared';
import { OptionCard } from '../components/option-card';
import { OptionInput, OptionSwitch } from '../components/option-fields';
import type { OptionsForm } from '../use-options-form';

/** The fields the save button sends; the switch saves as soon as it is toggled. */
const OIDC_FIELDS: readonly { option: OptionKey; placeholder?: string; extra?: string }[] = [
  { option: 'OidcIssuer', placeholder: '例如：https://sso.example.com/realms/main', extra: '发现地址为 <Issuer>/.well-known/openid-configuration；须为 https（仅本机回环地址允许 http）' },
  { option: 'OidcClientId', placeholder: '输入在身份提供方注册的客户端 ID' },
  // Write-only like the other secrets: the stored value is never sent back to the page.
  { option: 'OidcClientSecret' },
  { option: 'OidcScopes', placeholder: 'openid profile email', extra: '以空格分隔，openid 总会包含在内' },
  { option: 'OidcUsernameClaim', placeholder: 'preferred_username', extra: '新用户的用户名与显示名称取自此字段；缺失、被占用或不合法时使用 oidc_ 加随机字符' },
  { option: 'OidcDisplayName', placeholder: 'OIDC', extra: '登录页按钮显示为“使用 <按钮名称> 登录”' },
];

/** 配置 OIDC: a generic OpenID Connect provider (Keycloak, Authentik, Okta, …) for sign-in and registration. */
export function OidcCard({ form }: { form: OptionsForm }) {
  const serverAddress = form.original.ServerAddress || '<服务器地址>';
  return (
    <OptionCard title="配置 OIDC" form={form} keys={OIDC_FIELDS.map((field) => field.option)} saveText="保存 OIDC 设置">
      <Typography.Paragraph type="secondary">
        用以支持通过 OpenID Connect 身份提供方进行登录注册；在身份提供方登记的回调地址（Redirect URI）填 {serverAddress}/oauth/oidc/callback
      </Typography.Paragraph>
      <OptionSwitch form={form} option="OidcEnabled" />
      {OIDC_FIELDS.map((field) => (
        <OptionInput key={field.option} form={form} option={field.option} placeholder={field.placeholder} extra={field.extra} />
      ))}
    </OptionCard>
  );
}
