import { OptionCard } from '../components/option-card';
import { OptionInput } from '../components/option-fields';
import type { OptionsForm } from '../use-options-form';

/** Which page each link feeds (lib/chat-link.ts): the labels alone would not tell the two apart. */
export function ChatLinkCard({ form }: { form: OptionsForm }) {
  return (
    <OptionCard title="聊天链接设置" form={form} keys={['ChatLink', 'ChatLink2']}>
      <OptionInput
        form={form}
        option="ChatLink"
        placeholder="例如 ChatGPT Next Web 的部署地址"
        extra="令牌聊天设置为空时，/chat 页面内嵌此链接；聊天页面链接 2 为空时，/chat2link 也跳转到此链接"
      />
      <OptionInput form={form} option="ChatLink2" placeholder="例如 ChatGPT Next Web 的部署地址" extra="/chat2link 页面跳转到此链接；留空则使用聊天页面链接" />
    </OptionCard>
  );
}
