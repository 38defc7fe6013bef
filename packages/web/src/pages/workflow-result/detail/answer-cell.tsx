import { useState } from 'react';
import { Tabs, Tag, Typography } from '@arco-design/web-react';
import { WORKFLOW_SCORER_LABELS, type WorkflowAnswerView } from '@gw/shared';
import { QuotaText } from '@/components/quota-text';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';
import { ClampedText } from './clamped-text';
import { ScoreTags } from './score-tags';

/**
 * ✓ or ✗ against the reference answer, with how it was judged on hover, for an answer scored before
 * scorers (no `scores`); nothing when the sample had no reference.
 */
function LegacyScoreBadge({ answer }: { answer: WorkflowAnswerView }) {
  if (answer.score === null) return null;
  const right = answer.score > 0;
  const how = answer.score_kind ? WORKFLOW_SCORER_LABELS[answer.score_kind] : '';
  return (
    <Tag size="small" color={right ? 'green' : 'red'} className="run-score" title={how ? `判定方式：${how}` : undefined}>
      {right ? '✓ 正确' : '✗ 错误'}
    </Tag>
  );
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} 秒`;
const hasScores = (answer: WorkflowAnswerView) => Object.keys(answer.scores ?? {}).length > 0;

/** One try's answer: its verdicts, its text (or why there is none) and its figures. */
function AnswerBody({ answer, display }: { answer: WorkflowAnswerView; display: QuotaDisplay }) {
  return (
    <>
      {hasScores(answer) && <ScoreTags scores={answer.scores} />}
      {answer.status === 'pending' ? (
        <Typography.Text type="secondary">等待回答…</Typography.Text>
      ) : answer.status === 'failed' ? (
        <p className="run-answer-error">{answer.error || '回答失败'}</p>
      ) : (
        <ClampedText text={answer.answer} />
      )}
      {answer.status !== 'pending' && (
        <div className="run-answer-meta">
          <span>{(answer.prompt_tokens + answer.completion_tokens).toLocaleString('zh-CN')} tokens</span>
          <span>{seconds(answer.use_time_ms)}</span>
          <QuotaText quota={answer.quota} display={display} digits={6} />
        </div>
      )}
    </>
  );
}

/** One model's answer to one sample; with repeats, a switcher between its tries (第 1 次 is the answer itself). */
export function AnswerCell({ model, answer, display }: { model: string; answer: WorkflowAnswerView | undefined; display: QuotaDisplay }) {
  const tries = answer ? [answer, ...(answer.repeats ?? [])] : [];
  const [at, setAt] = useState(0);
  const shown = tries[Math.min(at, tries.length - 1)];
  return (
    <section className="run-answer" aria-label={`${model} 的回答`}>
      <div className="run-answer-head">
        <span className="run-answer-model" title={model}>
          {model}
        </span>
        {shown && !hasScores(shown) && <LegacyScoreBadge answer={shown} />}
      </div>
      {tries.length > 1 && (
        <Tabs className="run-repeat-tabs" size="mini" type="rounded" activeTab={String(at)} onChange={(key) => setAt(Number(key))} aria-label={`${model} 的重复回答`}>
          {tries.map((_, index) => (
            <Tabs.TabPane key={String(index)} title={`第 ${index + 1} 次`} />
          ))}
        </Tabs>
      )}
      {shown ? <AnswerBody answer={shown} display={display} /> : <Typography.Text type="secondary">—</Typography.Text>}
    </section>
  );
}
