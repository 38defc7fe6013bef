import { InputNumber, Select, Slider, Typography } from '@arco-design/web-react';
import { llmModelsOf, llmVariantsOf } from '@gw/shared';
import { useEditorStore } from '../../store/editor-context';
import type { NodePanelProps } from '../node-definition';
import { modelOf, promptTemplateOf } from './defaults';
import { PromptTemplateEditor } from './prompt-template-editor';
import { PromptVariantsEditor } from './prompt-variants-editor';

/** The temperature range the relay accepts for chat models. */
const TEMPERATURE = { min: 0, max: 2, step: 0.1 };

/**
 * The models the node compares, their temperature, the node's own prompt messages and its prompt
 * variants (one run column per model, or per variant and model).
 */
export function LlmPanel({ node, onChange }: NodePanelProps) {
  const models = useEditorStore((state) => state.models);
  const model = modelOf(node.data);
  const handleModel = (patch: Partial<typeof model>) => onChange({ model: { ...model, ...patch } });
  const handleTemperature = (temperature: number | number[]) =>
    handleModel({ completion_params: { ...model.completion_params, temperature: Array.isArray(temperature) ? temperature[0] : temperature } });
  const chosen = llmModelsOf(node.data);
  // `model.name` keeps the first one, so a reader of the single-model shape (spec 3 §3) still finds a model.
  const handleModels = (names: string[]) => onChange({ models: names, model: { ...model, name: names[0] ?? '' } });
  // A chosen model the list no longer offers stays visible, so it can be seen and removed.
  const options = [...chosen.filter((name) => !models.includes(name)), ...models];
  const template = promptTemplateOf(node.data);
  const variants = llmVariantsOf(node.data);

  return (
    <>
      <Typography.Text bold>模型</Typography.Text>
      <Select aria-label="模型" placeholder="选择一个或多个模型" mode="multiple" showSearch value={chosen} options={options} onChange={handleModels} />
      <Typography.Text type="secondary">每个模型是运行结果中的一列，比较几个模型只需一个节点。</Typography.Text>
      <Typography.Text bold>温度</Typography.Text>
      <div className="wf-temperature">
        <Slider {...TEMPERATURE} value={model.completion_params.temperature} onChange={handleTemperature} style={{ flex: 1 }} />
        <InputNumber
          {...TEMPERATURE}
          aria-label="温度"
          precision={1}
          value={model.completion_params.temperature}
          onChange={(value) => handleTemperature(value ?? 0)}
          style={{ width: 88 }}
        />
      </div>
      <Typography.Text bold>提示词模板</Typography.Text>
      {/* Runs ask the variants instead; the node's own messages are kept for when every variant is removed. */}
      {variants.length > 0 ? (
        <Typography.Text type="secondary">已设置提示词变体，运行时使用各变体，不使用此模板；删除全部变体后恢复使用。</Typography.Text>
      ) : (
        <PromptTemplateEditor value={template} onChange={(prompt_template) => onChange({ prompt_template })} />
      )}
      <Typography.Text bold>提示词变体</Typography.Text>
      <Typography.Text type="secondary">每个变体与每个模型组合为运行结果中的一列，用于比较不同提示词。</Typography.Text>
      <PromptVariantsEditor value={variants} template={template} onChange={(prompt_variants) => onChange({ prompt_variants })} />
    </>
  );
}
