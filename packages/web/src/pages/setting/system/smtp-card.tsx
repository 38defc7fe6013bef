import { Typography } from '@arco-design/web-react';
import type { OptionKey } from '@gw/shared';
import { OptionCard } from '../components/option-card';
import { OptionInput, OptionNumber, OptionSwitch } from '../components/option-fields';
import { SMTP_SSL_PORT } from '../option-form';
import type { OptionsForm } from '../use-options-form';

// SMTPSSLEnabled is part of the save so that SSL forced on for port 465 reaches the server.
const SMTP_KEYS: readonly OptionKey[] = ['SMTPServer', 'SMTPPort', 'SMTPAccount', 'SMTPFrom', 'SMTPToken', 'SMTPSSLEnabled'];

export function SmtpCard({ form }: { form: OptionsForm }) {
  const sslForced = form.values.SMTPPort.trim() === SMTP_SSL_PORT;
  return (
    <OptionCard title="配置 SMTP" form={form} keys={SMTP_KEYS} saveText="保存 SMTP 设置">
      <Typography.Paragraph type="secondary">用以支持系统的邮件发送</Typography.Paragraph>
      <OptionInput form={form} option="SMTPServer" placeholder="例如：smtp.qq.com" />
      <OptionNumber form={form} option="SMTPPort" placeholder="默认：587" />
      <OptionInput form={form} option="SMTPAccount" placeholder="通常是邮箱地址" />
      <OptionInput form={form} option="SMTPFrom" placeholder="通常和邮箱地址保持一致" />
      <OptionInput form={form} option="SMTPToken" />
      <OptionSwitch form={form} option="SMTPSSLEnabled" forcedOn={sslForced} />
      {sslForced && <Typography.Paragraph type="secondary">端口 465 强制使用 SSL</Typography.Paragraph>}
    </OptionCard>
  );
}
