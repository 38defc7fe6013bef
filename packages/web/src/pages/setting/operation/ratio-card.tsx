import { Button, Message, Popconfirm } from '@arco-design/web-react';
import type { OptionKey } from '@gw/shared';
import { resetModelRatio } from '@/api/options';
import { OptionCard } from '../components/option-card';
import { OptionTextArea } from '../components/option-fields';
import { MSG_CHECK_INPUT } from '../option-form';
import { attempt } from '../request';
import type { OptionsForm } from '../use-options-form';

const RATIO_KEYS: readonly OptionKey[] = ['ModelPrice', 'ModelRatio', 'CompletionRatio', 'GroupRatio', 'UserUsableGroups'];

const PLACEHOLDERS: Partial<Record<OptionKey, string>> = {
  ModelPrice: '为一个 JSON 文本，键为模型名称，值为一次调用消耗多少刀，比 ModelRatio 优先级高',
  ModelRatio: '为一个 JSON 文本，键为模型名称，值为倍率',
  CompletionRatio: '为一个 JSON 文本，键为模型名称，值为倍率',
  GroupRatio: '为一个 JSON 文本，键为分组名称，值为倍率',
  UserUsableGroups: '为一个 JSON 文本，键为分组名称，值为分组描述',
};

/** Pricing ratios as JSON texts; an invalid one is marked on its field and the save says '请检查输入'. */
export function RatioCard({ form }: { form: OptionsForm }) {
  const handleReset = async () => {
    const reply = await attempt(resetModelRatio());
    if (!reply) return;
    Message.success(reply.message || '模型倍率已重置');
    await form.reload();
  };

  return (
    <OptionCard
      title="倍率设置"
      form={form}
      keys={RATIO_KEYS}
      messages={{ invalid: MSG_CHECK_INPUT }}
      actions={
        <Popconfirm title="确定重置模型倍率吗？此修改将不可逆" onOk={handleReset}>
          <Button status="danger">重置模型倍率</Button>
        </Popconfirm>
      }
    >
      {RATIO_KEYS.map((option) => (
        <OptionTextArea key={option} form={form} option={option} placeholder={PLACEHOLDERS[option]} />
      ))}
    </OptionCard>
  );
}
