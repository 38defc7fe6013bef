import { useState } from 'react';
import { Form, Input, Space, Tag } from '@arco-design/web-react';
import { OptionCard } from '../components/option-card';
import { OptionSwitch } from '../components/option-fields';
import { OPTION_LABELS } from '../option-labels';
import type { OptionsForm } from '../use-options-form';
import { addDomain, joinDomains, parseDomains, removeDomain } from './email-domains';

/** Which e-mail domains may register: a tag list, a domain added on Enter, no duplicates. */
export function EmailDomainCard({ form }: { form: OptionsForm }) {
  const [input, setInput] = useState('');
  const domains = parseDomains(form.values.EmailDomainWhitelist);

  const setDomains = (next: string[]) => form.setValue('EmailDomainWhitelist', joinDomains(next));

  const handleAdd = () => {
    setDomains(addDomain(domains, input));
    setInput('');
  };

  return (
    <OptionCard title="配置邮箱域名白名单" form={form} keys={['EmailDomainWhitelist']} saveText="保存邮箱域名白名单设置">
      <OptionSwitch form={form} option="EmailDomainRestrictionEnabled" />
      <OptionSwitch form={form} option="EmailAliasRestrictionEnabled" />
      <Form.Item label={OPTION_LABELS.EmailDomainWhitelist} extra="输入域名后按回车添加">
        <Space wrap style={{ marginBottom: 8 }}>
          {domains.map((domain) => (
            <Tag key={domain} closable={!form.readOnly} onClose={() => setDomains(removeDomain(domains, domain))}>
              {domain}
            </Tag>
          ))}
        </Space>
        <Input aria-label="添加邮箱域名" value={input} onChange={setInput} onPressEnter={handleAdd} placeholder="例如：example.com" />
      </Form.Item>
    </OptionCard>
  );
}
