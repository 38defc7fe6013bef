import { Form, Input, Select, Slider } from '@arco-design/web-react';
import { TEMPERATURE, roundTemperature } from './defaults';
import type { ChatSettings } from './chat-turn';

interface SettingsPanelProps {
  models: string[];
  loadingModels: boolean;
  settings: ChatSettings;
  onChange: (patch: Partial<ChatSettings>) => void;
}

/** Model, temperature and the optional system prompt of the next request. */
export function SettingsPanel({ models, loadingModels, settings, onChange }: SettingsPanelProps) {
  return (
    <Form layout="vertical">
      <Form.Item label="模型">
        <Select
          aria-label="模型"
          showSearch
          loading={loadingModels}
          placeholder={loadingModels ? '加载中' : '没有可用的模型'}
          value={settings.model || undefined}
          options={models}
          onChange={(model: string) => onChange({ model })}
        />
      </Form.Item>
      <Form.Item label="温度">
        <Slider
          min={TEMPERATURE.min}
          max={TEMPERATURE.max}
          step={TEMPERATURE.step}
          showInput={{ 'aria-label': '温度' }}
          value={settings.temperature}
          onChange={(value) => onChange({ temperature: roundTemperature(value as number) })}
        />
      </Form.Item>
      <Form.Item label="系统提示词" extra="可选，作为系统消息放在对话最前面">
        <Input.TextArea
          aria-label="系统提示词"
          autoSize={{ minRows: 3, maxRows: 10 }}
          placeholder="例如：你是一个乐于助人的助手"
          value={settings.systemPrompt}
          onChange={(systemPrompt) => onChange({ systemPrompt })}
        />
      </Form.Item>
    </Form>
  );
}
