import { Form, Input, InputNumber, InputTag, Radio, Select, Switch, Typography } from '@arco-design/web-react';
import { WORKFLOW_CATEGORIES_MAX, WORKFLOW_RUBRIC_MAX, type WorkflowJudgeOutput, type WorkflowJudgeScale, type WorkflowScorer } from '@gw/shared';

interface JudgeFieldsProps {
  scorer: WorkflowScorer;
  /** The models the user may use: the llm node's list. */
  models: string[];
  onChange: (patch: Partial<WorkflowScorer>) => void;
}

const OUTPUTS: { label: string; value: WorkflowJudgeOutput }[] = [
  { label: '通过/不通过', value: 'boolean' },
  { label: '分数', value: 'number' },
  { label: '分类', value: 'category' },
];
const SCALES: { label: string; value: WorkflowJudgeScale }[] = [
  { label: '0–1', value: '0-1' },
  { label: '1–10', value: '1-10' },
];

const CATEGORY_SEPARATORS = [',', '，'];

/** A judge's settings: its model, what it is asked, and how its reply becomes a verdict. */
export function JudgeFields({ scorer, models, onChange }: JudgeFieldsProps) {
  const output = scorer.output ?? 'boolean';
  const categories = scorer.categories ?? [];
  // A saved model the list no longer offers stays visible, so it can be seen and changed.
  const options = scorer.model && !models.includes(scorer.model) ? [scorer.model, ...models] : models;

  const handleOutput = (next: WorkflowJudgeOutput) =>
    onChange(next === 'number' ? { output: next, scale: scorer.scale ?? '0-1', threshold: scorer.threshold ?? 0.5 } : { output: next });
  const handleCategories = (next: string[]) => {
    const names = next.map((name) => name.trim()).filter(Boolean);
    const kept = (scorer.pass_categories ?? []).filter((name) => names.includes(name));
    onChange({ categories: names, pass_categories: kept.length > 0 ? kept : names.slice(0, 1) });
  };

  return (
    <>
      <Form.Item label="评审模型" required>
        <Select aria-label="评审模型" placeholder="选择评审用的模型" showSearch value={scorer.model || undefined} options={options} onChange={(model: string) => onChange({ model })} />
      </Form.Item>
      <Form.Item label="评审提示词" required extra="{{question}}、{{reference}}、{{answer}} 会换成样本的问题、参考答案和模型的回答；必须包含 {{answer}}。回复格式由系统附加。">
        <Input.TextArea
          aria-label="评审提示词"
          value={scorer.rubric ?? ''}
          maxLength={WORKFLOW_RUBRIC_MAX}
          autoSize={{ minRows: 4, maxRows: 10 }}
          onChange={(rubric) => onChange({ rubric })}
        />
      </Form.Item>
      <Form.Item label="评审结果">
        <Radio.Group aria-label="评审结果" type="button" value={output} options={OUTPUTS} onChange={handleOutput} />
      </Form.Item>
      {output === 'number' && (
        <>
          <Form.Item label="分数范围">
            <Radio.Group aria-label="分数范围" type="button" value={scorer.scale ?? '0-1'} options={SCALES} onChange={(scale: WorkflowJudgeScale) => onChange({ scale })} />
          </Form.Item>
          <Form.Item label="通过阈值" extra="分数换算到 0–1 后（1–10 分按 (分数 − 1) ÷ 9）不低于阈值算作通过。">
            <InputNumber
              aria-label="通过阈值"
              min={0}
              max={1}
              step={0.05}
              precision={2}
              value={scorer.threshold ?? 0.5}
              onChange={(threshold) => onChange({ threshold: threshold ?? 0.5 })}
            />
          </Form.Item>
        </>
      )}
      {output === 'category' && (
        <>
          <Form.Item label="分类" extra={`输入后按回车或逗号添加，2 到 ${WORKFLOW_CATEGORIES_MAX} 个。`}>
            <InputTag aria-label="分类列表" saveOnBlur allowClear tokenSeparators={CATEGORY_SEPARATORS} value={categories} onChange={handleCategories} placeholder="例如 正确、部分正确、错误" />
          </Form.Item>
          <Form.Item label="通过的分类">
            <Select
              aria-label="通过的分类"
              mode="multiple"
              value={scorer.pass_categories ?? []}
              options={categories}
              onChange={(pass_categories: string[]) => onChange({ pass_categories })}
            />
          </Form.Item>
        </>
      )}
      <Form.Item label="仅评审通过前面评分的回答">
        <Switch aria-label="仅评审通过前面评分的回答" checked={scorer.only_if_passed === true} onChange={(only_if_passed) => onChange({ only_if_passed })} />
        <Typography.Text type="secondary" className="wf-scorer-switch-hint">
          开启后，前面任一评分未通过的回答不再评审，省下评审费用。
        </Typography.Text>
      </Form.Item>
    </>
  );
}
