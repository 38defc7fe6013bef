import { useState } from 'react';
import { Button, Message, Popconfirm, Radio } from '@arco-design/web-react';
import type { OptionKey } from '@gw/shared';
import { resetModelRatio } from '@/api/options';
import { MODEL_PRICE_KEYS, type ModelPriceKey } from '@/components/model-price/price-tables';
import { OptionCard } from '../components/option-card';
import { OptionTextArea } from '../components/option-fields';
import { MSG_CHECK_INPUT } from '../option-form';
import { attempt } from '../request';
import type { OptionsForm } from '../use-options-form';
import { RatioTableEditor } from './ratio-table-editor';
import { useRatioTable } from './use-ratio-table';

const RATIO_KEYS: readonly OptionKey[] = ['ModelPrice', 'ModelRatio', 'CompletionRatio', 'GroupRatio', 'UserUsableGroups'];

const isModelPriceKey = (key: OptionKey): key is ModelPriceKey => (MODEL_PRICE_KEYS as readonly OptionKey[]).includes(key);

const PLACEHOLDERS: Partial<Record<OptionKey, string>> = {
  ModelPrice: '为一个 JSON 文本，键为模型名称，值为一次调用消耗多少刀，比 ModelRatio 优先级高',
  ModelRatio: '为一个 JSON 文本，键为模型名称，值为倍率',
  CompletionRatio: '为一个 JSON 文本，键为模型名称，值为倍率',
  GroupRatio: '为一个 JSON 文本，键为分组名称，值为倍率',
  UserUsableGroups: '为一个 JSON 文本，键为分组名称，值为分组描述',
};

type PriceView = 'table' | 'json';

const VIEW_OPTIONS = [
  { label: '表格', value: 'table' },
  { label: 'JSON', value: 'json' },
];

/**
 * Pricing ratios. The model prices (ModelPrice, ModelRatio, CompletionRatio) are edited as one
 * table or as their JSON texts, the same values either way; the group options as JSON texts. An
 * invalid JSON text is marked on its field and the save says '请检查输入'.
 */
export function RatioCard({ form }: { form: OptionsForm }) {
  const [view, setView] = useState<PriceView>('table');
  const table = useRatioTable(form);
  // Read-only, the prices show as their JSON texts, which the card's form disables; the table's inputs are its own.
  const shownView: PriceView = form.readOnly ? 'json' : view;

  const handleReset = async () => {
    const reply = await attempt(resetModelRatio());
    if (!reply) return;
    Message.success(reply.message || '模型倍率已重置');
    await form.reload();
  };

  const textAreas = (keys: readonly OptionKey[]) =>
    keys.map((option) => <OptionTextArea key={option} form={form} option={option} placeholder={PLACEHOLDERS[option]} />);

  return (
    <OptionCard
      title="倍率设置"
      form={form}
      keys={RATIO_KEYS}
      messages={{ invalid: MSG_CHECK_INPUT }}
      blockedBy={shownView === 'table' ? table.problem : null}
      actions={
        <Popconfirm title="确定重置模型倍率吗？此修改将不可逆" onOk={handleReset}>
          <Button status="danger">重置模型倍率</Button>
        </Popconfirm>
      }
    >
      {!form.readOnly && (
        <Radio.Group
          type="button"
          aria-label="模型价格的编辑方式"
          options={VIEW_OPTIONS}
          value={view}
          onChange={(next: PriceView) => setView(next)}
          style={{ marginBottom: 12 }}
        />
      )}
      {shownView === 'table' ? <RatioTableEditor table={table} /> : textAreas(RATIO_KEYS.filter(isModelPriceKey))}
      {textAreas(RATIO_KEYS.filter((key) => !isModelPriceKey(key)))}
    </OptionCard>
  );
}
