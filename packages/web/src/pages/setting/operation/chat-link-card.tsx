import { OptionCard } from '../components/option-card';
import { OptionInput } from '../components/option-fields';
import type { OptionsForm } from '../use-options-form';

export function ChatLinkCard({ form }: { form: OptionsForm }) {
  return (
    <OptionCard title="聊天链接设置" form={form} keys={['ChatLink', 'ChatLink2']}>
      <OptionInput form={form} option="ChatLink" placeholder="例如 ChatGPT Next Web 的部署地址" />
      <OptionInput form={form} option="ChatLink2" placeholder="例如 ChatGPT Next Web 的部署地址" />
    </OptionCard>
  );
}
