import { useState } from 'react';
import { Button, Typography } from '@arco-design/web-react';
import type { WorkflowRunSample } from '@gw/shared';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';
import { AnswerCell } from './answer-cell';
import { ClampedText } from './clamped-text';
import { parseQuestion } from './question';

interface SampleCardProps {
  sample: WorkflowRunSample;
  /** The run's models, in column order. */
  models: string[];
  display: QuotaDisplay;
}

/** One sample: what was asked, the reference answer when there is one, and every model's answer side by side. */
export function SampleCard({ sample, models, display }: SampleCardProps) {
  const question = parseQuestion(sample.question);
  const [showSystem, setShowSystem] = useState(false);

  return (
    <article className="run-sample" aria-label={`样本 ${sample.index + 1}`}>
      <div className="run-sample-head">
        <span className="run-sample-number">#{sample.index + 1}</span>
        {question.system && (
          <Button size="mini" type="text" onClick={() => setShowSystem(!showSystem)}>
            {showSystem ? '收起系统提示词' : '查看系统提示词'}
          </Button>
        )}
      </div>
      {showSystem && (
        <div className="run-system" aria-label="系统提示词">
          <ClampedText text={question.system} />
        </div>
      )}
      <div className="run-question">
        <Typography.Text className="run-label">问题</Typography.Text>
        <ClampedText text={question.user} />
      </div>
      {sample.reference && (
        <div className="run-reference">
          <Typography.Text className="run-label">参考答案</Typography.Text>
          <ClampedText text={sample.reference} />
        </div>
      )}
      <div className="run-answers">
        {models.map((model) => (
          <AnswerCell key={model} model={model} answer={sample.answers[model]} display={display} />
        ))}
      </div>
    </article>
  );
}
