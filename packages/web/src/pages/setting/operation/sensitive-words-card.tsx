import { OptionCard } from '../components/option-card';
import { OptionSwitch, OptionTextArea } from '../components/option-fields';
import type { OptionsForm } from '../use-options-form';

export function SensitiveWordsCard({ form }: { form: OptionsForm }) {
  return (
    <OptionCard title="屏蔽词过滤设置" form={form} keys={['SensitiveWords']}>
      <OptionSwitch form={form} option="CheckSensitiveEnabled" />
      <OptionSwitch form={form} option="CheckSensitiveOnPromptEnabled" />
      <OptionSwitch form={form} option="CheckSensitiveOnCompletionEnabled" />
      <OptionSwitch form={form} option="StopOnSensitiveEnabled" />
      <OptionTextArea form={form} option="SensitiveWords" placeholder="一行一个屏蔽词，不需要符号分割" />
    </OptionCard>
  );
}
