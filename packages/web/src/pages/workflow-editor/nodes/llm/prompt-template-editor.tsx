import { Button, Input, Select } from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { newId } from '../../graph/default-graph';
import type { PromptMessage } from './defaults';

const ROLES = [
  { label: '系统', value: 'system' },
  { label: '用户', value: 'user' },
  { label: '助手', value: 'assistant' },
];

interface PromptTemplateEditorProps {
  value: PromptMessage[];
  onChange: (value: PromptMessage[]) => void;
}

/** The llm node's own messages, sent before the sample (after any prompt node's texts). */
export function PromptTemplateEditor({ value, onChange }: PromptTemplateEditorProps) {
  const handlePatch = (index: number, patch: Partial<PromptMessage>) => onChange(value.map((message, at) => (at === index ? { ...message, ...patch } : message)));
  return (
    <div className="wf-prompt-template">
      {value.map((message, index) => (
        <div key={message.id} className="wf-prompt-message">
          <div className="wf-prompt-message-head">
            <Select size="small" aria-label={`第 ${index + 1} 条消息的角色`} value={message.role} options={ROLES} onChange={(role: string) => handlePatch(index, { role })} style={{ width: 96 }} />
            <Button size="small" type="text" status="danger" icon={<IconDelete />} aria-label={`删除第 ${index + 1} 条消息`} onClick={() => onChange(value.filter((_, at) => at !== index))} />
          </div>
          <Input.TextArea aria-label={`第 ${index + 1} 条消息`} value={message.text} onChange={(text) => handlePatch(index, { text })} autoSize={{ minRows: 2, maxRows: 8 }} />
        </div>
      ))}
      <Button size="small" icon={<IconPlus />} onClick={() => onChange([...value, { id: newId('msg'), role: value.length === 0 ? 'system' : 'user', text: '' }])}>
        添加消息
      </Button>
    </div>
  );
}
