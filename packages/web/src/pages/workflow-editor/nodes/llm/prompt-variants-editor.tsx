import type { CSSProperties } from 'react';
import { Button, Input, Typography } from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { LLM_PROMPT_VARIANT_NAME_MAX_LENGTH, LLM_PROMPT_VARIANTS_MAX, type LlmPromptVariant } from '@gw/shared';
import type { PromptMessage } from './defaults';
import { PromptTemplateEditor } from './prompt-template-editor';

const VARIANT_STYLE: CSSProperties = { display: 'flex', flexDirection: 'column', gap: 8, padding: 8, border: '1px solid var(--color-border-2)', borderRadius: 4 };

/** The first of 变体 A, 变体 B … that no variant is named yet. */
function nextVariantName(variants: readonly LlmPromptVariant[]): string {
  const taken = new Set(variants.map((variant) => variant.name.trim()));
  const letter = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].find((candidate) => !taken.has(`变体 ${candidate}`));
  return `变体 ${letter ?? variants.length + 1}`;
}

/** What the server would refuse in a variant's name (graph rules), said before saving. */
function nameProblem(variants: readonly LlmPromptVariant[], index: number): string | undefined {
  const name = variants[index].name.trim();
  if (name === '') return '请填写变体名称';
  if (variants.some((other, at) => at < index && other.name.trim() === name)) return '变体名称重复';
  return undefined;
}

interface PromptVariantsEditorProps {
  value: LlmPromptVariant[];
  /** The node's own messages: the first variant starts as a copy of them. */
  template: PromptMessage[];
  onChange: (value: LlmPromptVariant[]) => void;
}

/** An llm node's named prompt templates; each one is asked with each model of the node, a column of the run each. */
export function PromptVariantsEditor({ value, template, onChange }: PromptVariantsEditorProps) {
  const handlePatch = (index: number, patch: Partial<LlmPromptVariant>) => onChange(value.map((variant, at) => (at === index ? { ...variant, ...patch } : variant)));
  const handleAdd = () => onChange([...value, { name: nextVariantName(value), prompt_template: value.length === 0 ? structuredClone(template) : [] }]);
  const full = value.length >= LLM_PROMPT_VARIANTS_MAX;
  return (
    <>
      {value.map((variant, index) => {
        const problem = nameProblem(value, index);
        return (
          // Variants have no id; a name changes while it is typed, so the position is the key.
          <div key={index} role="group" aria-label={`提示词变体 ${index + 1}`} style={VARIANT_STYLE}>
            <div className="wf-prompt-message-head">
              <Input
                size="small"
                aria-label={`第 ${index + 1} 个变体的名称`}
                value={variant.name}
                maxLength={LLM_PROMPT_VARIANT_NAME_MAX_LENGTH}
                status={problem ? 'error' : undefined}
                onChange={(name) => handlePatch(index, { name })}
              />
              <Button
                size="small"
                type="text"
                status="danger"
                icon={<IconDelete />}
                aria-label={`删除第 ${index + 1} 个变体`}
                onClick={() => onChange(value.filter((_, at) => at !== index))}
              />
            </div>
            {problem ? <Typography.Text type="error">{problem}</Typography.Text> : null}
            <PromptTemplateEditor value={variant.prompt_template} onChange={(prompt_template) => handlePatch(index, { prompt_template })} />
          </div>
        );
      })}
      <Button size="small" icon={<IconPlus />} disabled={full} onClick={handleAdd}>
        新增变体
      </Button>
      {full ? <Typography.Text type="secondary">{`每个节点最多 ${LLM_PROMPT_VARIANTS_MAX} 个提示词变体`}</Typography.Text> : null}
    </>
  );
}
