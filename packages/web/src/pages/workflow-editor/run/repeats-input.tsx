import { InputNumber, Typography } from '@arco-design/web-react';
import { WORKFLOW_REPEATS_MAX } from '@gw/shared';

/** 重复次数: how many times each sample is asked of each model; the results show the spread between the tries. */
export function RepeatsInput({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  return (
    <div className="wf-repeats">
      <Typography.Text bold>重复次数</Typography.Text>
      <InputNumber aria-label="重复次数" min={1} max={WORKFLOW_REPEATS_MAX} precision={0} value={value} onChange={(next) => onChange(next ?? 1)} style={{ width: 120 }} />
      <Typography.Text type="secondary">每个样本向每个模型提问的次数（1–{WORKFLOW_REPEATS_MAX}），可看出回答的波动；费用随次数成倍增加。</Typography.Text>
    </div>
  );
}
