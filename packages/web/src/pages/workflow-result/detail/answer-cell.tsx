import { Tag, Typography } from '@arco-design/web-react';
import type { WorkflowAnswerView, WorkflowScoreKind } from '@gw/shared';
import { QuotaText } from '@/components/quota-text';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';
import { ClampedText } from './clamped-text';

const SCORE_KIND_LABELS: Record<WorkflowScoreKind, string> = { exact: '完全一致', contains: '包含参考答案', choice: '选项一致' };

/** ✓ or ✗ against the reference answer, with how it was judged on hover; nothing when the sample had no reference. */
function ScoreBadge({ answer }: { answer: WorkflowAnswerView }) {
  if (answer.score === null) return null;
  const right = answer.score > 0;
  const how = answer.score_kind ? SCORE_KIND_LABELS[answer.score_kind] : '';
  return (
    <Tag size="small" color={right ? 'green' : 'red'} className="run-score" title={how ? `判定方式：${how}` : undefined}>
      {right ? '✓ 正确' : '✗ 错误'}
    </Tag>
  );
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} 秒`;

/** One model's answer to one sample. */
export function AnswerCell({ model, answer, display }: { model: string; answer: WorkflowAnswerView | undefined; display: QuotaDisplay }) {
  return (
    <section className="run-answer" aria-label={`${model} 的回答`}>
      <div className="run-answer-head">
        <span className="run-answer-model" title={model}>
          {model}
        </span>
        {answer && <ScoreBadge answer={answer} />}
      </div>
      {!answer ? (
        <Typography.Text type="secondary">—</Typography.Text>
      ) : answer.status === 'pending' ? (
        <Typography.Text type="secondary">等待回答…</Typography.Text>
      ) : answer.status === 'failed' ? (
        <p className="run-answer-error">{answer.error || '回答失败'}</p>
      ) : (
        <ClampedText text={answer.answer} />
      )}
      {answer && answer.status !== 'pending' && (
        <div className="run-answer-meta">
          <span>{(answer.prompt_tokens + answer.completion_tokens).toLocaleString('zh-CN')} tokens</span>
          <span>{seconds(answer.use_time_ms)}</span>
          <QuotaText quota={answer.quota} display={display} digits={6} />
        </div>
      )}
    </section>
  );
}
