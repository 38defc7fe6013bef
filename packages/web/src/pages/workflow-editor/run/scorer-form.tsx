import { useState } from 'react';
import { Alert, Checkbox, Form, Input, InputNumber, Modal, Select, Typography } from '@arco-design/web-react';
import { WORKFLOW_REGEX_MAX, WORKFLOW_SCORER_LABELS, WORKFLOW_SCORER_NAME_MAX, WORKFLOW_SCORER_TYPES, type WorkflowScorer, type WorkflowScorerType } from '@gw/shared';
import { JudgeFields } from './judge-fields';
import { cleanScorer, freeName, nameProblem, paramsProblem, parseSchema, schemaText, scorerDefaults } from './scorer-rules';

interface ScorerFormProps {
  /** The scorer as it is (a new one with its defaults). */
  scorer: WorkflowScorer;
  isNew: boolean;
  /** The names of the list's other scorers: a name must differ from them. */
  otherNames: string[];
  models: string[];
  onSave: (scorer: WorkflowScorer) => void;
  onCancel: () => void;
}

const TYPE_OPTIONS = WORKFLOW_SCORER_TYPES.map((type) => ({ label: WORKFLOW_SCORER_LABELS[type], value: type }));
const REGEX_FLAGS = [
  { label: 'i 忽略大小写', value: 'i' },
  { label: 'm 多行', value: 'm' },
  { label: 's 点号匹配换行', value: 's' },
];
/** A cleared InputNumber reports undefined or null: both mean "not given". */
const given = (value: number | undefined | null) => (value === null || value === undefined ? undefined : value);

/** Editing one scorer: its name, its type, and the fields of that type; checked as the server would before it is kept. */
export function ScorerForm({ scorer, isNew, otherNames, models, onSave, onCancel }: ScorerFormProps) {
  const [draft, setDraft] = useState<WorkflowScorer>(scorer);
  const [schema, setSchema] = useState(() => schemaText(scorer.schema));
  const [problem, setProblem] = useState<string>();
  const schemaProblem = draft.type === 'json' ? (parseSchema(schema) as { problem?: string }).problem : undefined;

  const handlePatch = (patch: Partial<WorkflowScorer>) => setDraft((current) => ({ ...current, ...patch }));
  // A name still the type's default follows the type; one the user typed stays.
  const handleType = (type: WorkflowScorerType) =>
    setDraft((current) => ({
      name: current.name === freeName(current.type, otherNames) ? freeName(type, otherNames) : current.name,
      type,
      ...scorerDefaults(type, models),
    }));

  const handleSave = () => {
    const parsed = draft.type === 'json' ? parseSchema(schema) : {};
    const next = cleanScorer({ ...draft, ...('schema' in parsed ? { schema: parsed.schema } : { schema: undefined }) });
    const found = nameProblem(draft.name, otherNames) ?? ('problem' in parsed ? parsed.problem : undefined) ?? paramsProblem(next);
    setProblem(found);
    if (!found) onSave(next);
  };

  return (
    <Modal
      title={isNew ? '添加评分' : `编辑评分「${scorer.name}」`}
      visible
      okText="确定"
      onOk={handleSave}
      onCancel={onCancel}
      style={{ width: 'min(560px, calc(100vw - 32px))' }}
      unmountOnExit
    >
      <Form layout="vertical" className="wf-scorer-form">
        <Form.Item label="名称" required>
          <Input aria-label="评分名称" value={draft.name} maxLength={WORKFLOW_SCORER_NAME_MAX} showWordLimit onChange={(name) => handlePatch({ name })} />
        </Form.Item>
        <Form.Item label="类型">
          <Select aria-label="评分类型" value={draft.type} options={TYPE_OPTIONS} onChange={handleType} />
        </Form.Item>
        {draft.type === 'regex' && (
          <>
            <Form.Item label="正则表达式" required extra="回答中能找到匹配即通过，例如 ^答案[:：]\s*[A-D]$。">
              <Input aria-label="正则表达式" value={draft.pattern ?? ''} maxLength={WORKFLOW_REGEX_MAX} onChange={(pattern) => handlePatch({ pattern })} />
            </Form.Item>
            <Form.Item label="标志">
              <Checkbox.Group
                aria-label="标志"
                options={REGEX_FLAGS}
                value={[...(draft.flags ?? '')]}
                // Kept in the order i, m, s whatever order they were ticked in.
                onChange={(flags: string[]) => handlePatch({ flags: REGEX_FLAGS.map((flag) => flag.value).filter((flag) => flags.includes(flag)).join('') })}
              />
            </Form.Item>
          </>
        )}
        {draft.type === 'json' && (
          <Form.Item
            label="JSON Schema（可选）"
            validateStatus={schemaProblem ? 'error' : undefined}
            help={schemaProblem}
            extra={schemaProblem ? undefined : '留空时回答能解析为 JSON 即通过（回答里唯一的 ```json 代码块也可以）；填写后还须符合此 Schema。'}
          >
            <Input.TextArea aria-label="JSON Schema" value={schema} autoSize={{ minRows: 4, maxRows: 12 }} placeholder='{ "type": "object", "required": ["answer"] }' onChange={setSchema} />
          </Form.Item>
        )}
        {draft.type === 'number' && (
          <>
            <Typography.Paragraph type="secondary">取回答中的最后一个数字与参考答案比较，满足任一误差即通过；都为 0 时须相等。</Typography.Paragraph>
            <Form.Item label="绝对误差">
              <InputNumber aria-label="绝对误差" min={0} value={draft.abs_tolerance ?? 0} onChange={(value) => handlePatch({ abs_tolerance: given(value) ?? 0 })} />
            </Form.Item>
            <Form.Item label="相对误差" extra="相对于参考答案的比例，例如 0.01 即 1%。">
              <InputNumber aria-label="相对误差" min={0} step={0.01} value={draft.rel_tolerance ?? 0} onChange={(value) => handlePatch({ rel_tolerance: given(value) ?? 0 })} />
            </Form.Item>
          </>
        )}
        {draft.type === 'length' && (
          <>
            <Form.Item label="最少字符">
              <InputNumber aria-label="最少字符" min={0} precision={0} value={draft.min_chars} onChange={(value) => handlePatch({ min_chars: given(value) })} />
            </Form.Item>
            <Form.Item label="最多字符" extra="至少填写一项。">
              <InputNumber aria-label="最多字符" min={0} precision={0} value={draft.max_chars} onChange={(value) => handlePatch({ max_chars: given(value) })} />
            </Form.Item>
          </>
        )}
        {draft.type === 'cost' && (
          <Form.Item label="每次回答费用上限" required extra="与运行结果中的费用同一单位（$）。">
            <InputNumber aria-label="每次回答费用上限" min={0} step={0.001} prefix="$" value={draft.max_price} onChange={(value) => handlePatch({ max_price: given(value) })} />
          </Form.Item>
        )}
        {draft.type === 'latency' && (
          <Form.Item label="耗时上限（毫秒）" required extra="一次回答从发出到答完的时间。">
            <InputNumber aria-label="耗时上限（毫秒）" min={1} precision={0} step={1000} value={draft.max_ms} onChange={(value) => handlePatch({ max_ms: given(value) })} />
          </Form.Item>
        )}
        {draft.type === 'llm_judge' && <JudgeFields scorer={draft} models={models} onChange={handlePatch} />}
        {['auto', 'exact', 'contains', 'choice'].includes(draft.type) && (
          <Typography.Paragraph type="secondary">与样本的参考答案比较；没有参考答案的样本不计分。</Typography.Paragraph>
        )}
        {problem && <Alert type="error" content={problem} />}
      </Form>
    </Modal>
  );
}
