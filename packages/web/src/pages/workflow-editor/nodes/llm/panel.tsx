import { InputNumber, Select, Slider, Typography } from '@arco-design/web-react';
import { useEditorStore } from '../../store/editor-context';
import type { NodePanelProps } from '../node-definition';
import { modelOf, promptTemplateOf } from './defaults';
import { PromptTemplateEditor } from './prompt-template-editor';

/** The temperature range the relay accepts for chat models. */
const TEMPERATURE = { min: 0, max: 2, step: 0.1 };

/** One model column of the run: the model, its temperature and its own prompt messages. */
export function LlmPanel({ node, onChange }: NodePanelProps) {
  const models = useEditorStore((state) => state.models);
  const model = modelOf(node.data);
  const handleModel = (patch: Partial<typeof model>) => onChange({ model: { ...model, ...patch } });
  const handleTemperature = (temperature: number | number[]) =>
    handleModel({ completion_params: { ...model.completion_params, temperature: Array.isArray(temperature) ? temperature[0] : temperature } });
  const options = model.name && !models.includes(model.name) ? [model.name, ...models] : models;

  return (
    <>
      <Typography.Text bold>模型</Typography.Text>
      <Select aria-label="模型" placeholder="选择模型" showSearch value={model.name || undefined} options={options} onChange={(name: string) => handleModel({ name })} />
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
      <PromptTemplateEditor value={promptTemplateOf(node.data)} onChange={(prompt_template) => onChange({ prompt_template })} />
    </>
  );
}
