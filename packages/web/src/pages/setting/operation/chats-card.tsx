import { OptionCard } from '../components/option-card';
import { OptionTextArea } from '../components/option-fields';
import type { OptionsForm } from '../use-options-form';

/** The chat entries offered for a token: a JSON array (spec 1 §2.7). */
export function ChatsCard({ form }: { form: OptionsForm }) {
  return (
    <OptionCard title="令牌聊天设置" form={form} keys={['Chats']}>
      <OptionTextArea
        form={form}
        option="Chats"
        placeholder='例如：[{"ChatGPT Next Web": "https://chat.example.com/#/?key={key}"}]'
        extra="一个 JSON 数组，每项为 {名称: 链接}"
      />
    </OptionCard>
  );
}
