import { Modal } from '@arco-design/web-react';
import type { OptionKey } from '@gw/shared';
import { OptionCard } from '../components/option-card';
import { OptionSwitch } from '../components/option-fields';
import type { OptionsForm } from '../use-options-form';

const LOGIN_SWITCHES: readonly OptionKey[] = [
  'PasskeyLoginEnabled',
  'PasswordRegisterEnabled',
  'EmailVerificationEnabled',
  'GitHubOAuthEnabled',
  'WeChatAuthEnabled',
  'TelegramOAuthEnabled',
  'LinuxDOOAuthEnabled',
  'RegisterEnabled',
  'InviteOnlyRegisterEnabled',
  'TurnstileCheckEnabled',
];

/** Login and registration switches; each is saved as soon as it is toggled. */
export function LoginCard({ form }: { form: OptionsForm }) {
  // Without another login method nobody, administrators included, could sign in again (spec 1 §4).
  const handlePasswordLoginToggle = (checked: boolean) => {
    if (checked) {
      void form.toggle('PasswordLoginEnabled', true);
      return;
    }
    Modal.confirm({
      title: '确定要取消密码登录吗？',
      content: '取消密码登录将导致所有未绑定其他登录方式的用户（包括管理员）无法通过密码登录，确认取消？',
      okButtonProps: { status: 'danger' },
      onOk: () => form.toggle('PasswordLoginEnabled', false),
    });
  };

  // Administrators without 2FA, the one turning it on included, lose the administrators' pages until they enable it.
  const handleTwoFactorRequiredToggle = (checked: boolean) => {
    if (!checked) {
      void form.toggle('TwoFactorRequiredForAdmins', false);
      return;
    }
    Modal.confirm({
      title: '确定要求管理员启用两步验证吗？',
      content: '开启后，未启用两步验证的管理员（包括你自己）将无法使用任何管理功能，直到在 个人设置 → 安全 中启用两步验证。',
      onOk: () => form.toggle('TwoFactorRequiredForAdmins', true),
    });
  };

  return (
    <OptionCard title="配置登录注册" form={form}>
      <OptionSwitch form={form} option="PasswordLoginEnabled" onToggle={handlePasswordLoginToggle} />
      <OptionSwitch form={form} option="TwoFactorRequiredForAdmins" onToggle={handleTwoFactorRequiredToggle} />
      {LOGIN_SWITCHES.map((option) => (
        <OptionSwitch key={option} form={form} option={option} />
      ))}
    </OptionCard>
  );
}
