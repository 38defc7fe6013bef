import { useState } from 'react';
import { Button, Message, Popconfirm, Radio } from '@arco-design/web-react';
import { MODEL_PRICE_OPTION_KEYS, type OptionKey } from '@gw/shared';
import { resetModelRatio } from '@/api/options';
import { MODEL_PRICE_KEYS, type ModelPriceKey } from '@/components/model-price/price-tables';
import { OptionCard } from '../components/option-card';
import { OptionTextArea } from '../components/option-fields';
import { MSG_CHECK_INPUT } from '../option-form';
import { attempt } from '../request';
import type { OptionsForm } from '../use-options-form';
import { RatioTableEditor } from './ratio-table-editor';
import { useRatioTable } from './use-ratio-table';

const isModelPriceKey = (key: OptionKey): key is ModelPriceKey => (MODEL_PRICE_KEYS as readonly OptionKey[]).includes(key);

/**
 * Every option a model's price is read from (the model prices, then the token kinds' prices per
 * model, issue 29: the list 重置模型倍率 restores), then the group options.
 */
const RATIO_KEYS: readonly OptionKey[] = [...MODEL_PRICE_OPTION_KEYS, 'GroupRatio', 'UserUsableGroups'];

const PLACEHOLDERS: Partial<Record<OptionKey, string>> = {
  ModelPrice: '为一个 JSON 文本，键为模型名称，值为一次调用消耗多少刀，比 ModelRatio 优先级高',
  ModelRatio: '为一个 JSON 文本，键为模型名称，值为倍率',
  CompletionRatio: '为一个 JSON 文本，键为模型名称，值为倍率',
  CacheRatio: '为一个 JSON 文本，键为模型名称，值为倍率',
  CreateCacheRatio: '为一个 JSON 文本，键为模型名称，值为倍率',
  CreateCache1hRatio: '为一个 JSON 文本，键为模型名称，值为倍率',
  AudioRatio: '为一个 JSON 文本，键为模型名称，值为倍率',
  AudioCompletionRatio: '为一个 JSON 文本，键为模型名称，值为倍率',
  ImageRatio: '为一个 JSON 文本，键为模型名称，值为倍率',
  ImageCompletionRatio: '为一个 JSON 文本，键为模型名称，值为倍率',
  ReasoningRatio: '为一个 JSON 文本，键为模型名称，值为倍率',
  ModelTieredPricing: '为一个 JSON 文本，键为模型名称，值为分段数组',
  GroupRatio: '为一个 JSON 文本，键为分组名称，值为倍率',
  UserUsableGroups: '为一个 JSON 文本，键为分组名称，值为分组描述',
};

/** What each token kind's ratio multiplies, and what a model without an entry is billed with (TOKEN_RATIO_FALLBACKS). */
const HINTS: Partial<Record<OptionKey, string>> = {
  CacheRatio: '缓存读取的 token 按提示价格的倍率计费；未设置的模型为 0.1',
  CreateCacheRatio: '写入 5 分钟缓存的 token 按提示价格的倍率计费；未设置的模型为 1.25',
  CreateCache1hRatio: '写入 1 小时缓存（Anthropic）的 token 按提示价格的倍率计费；未设置的模型为其 5 分钟写入倍率 × 1.6',
  AudioRatio: '音频输入 token 按提示价格的倍率计费；未设置的模型为 1',
  AudioCompletionRatio: '音频输出 token 按音频输入价格的倍率计费；未设置的模型为其补全倍率',
  ImageRatio: '图片输入 token 按提示价格的倍率计费；未设置的模型为 1',
  ImageCompletionRatio: '生成图片的输出 token 按提示价格的倍率计费；未设置的模型按其补全倍率（与文本输出同价）',
  ReasoningRatio: '推理（思考）token 按补全价格的倍率计费；未设置的模型为 1（与补全同价）。Claude 的思考计入输出 token，不单独计价',
  ModelTieredPricing:
    '如 {"gemini-2.5-pro": [{"above_prompt_tokens": 200000, "prompt_multiplier": 2, "completion_multiplier": 1.5}]}：提示（含缓存）超过该 token 数时，整次请求的提示与补全价格乘以对应倍数；有多段时取超过的最高一段',
};

type PriceView = 'table' | 'json';

const VIEW_OPTIONS = [
  { label: '表格', value: 'table' },
  { label: 'JSON', value: 'json' },
];

/**
 * Pricing ratios. The model prices (ModelPrice, ModelRatio, CompletionRatio) are edited as one
 * table or as their JSON texts, the same values either way; the token kinds' prices per model
 * (cache, audio, image, long context) and the group options as JSON texts. A text the server would
 * refuse is marked on its field with the server's message, and the save says '请检查输入'.
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
    keys.map((option) => <OptionTextArea key={option} form={form} option={option} placeholder={PLACEHOLDERS[option]} extra={HINTS[option]} />);

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
