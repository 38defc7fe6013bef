import { useState } from 'react';
import { Button, Popover, Tag } from '@arco-design/web-react';
import type { WorkflowScoreView } from '@gw/shared';
import './score-tags.css';

type TagColor = 'green' | 'red' | 'orange' | 'gray';

/**
 * What a verdict's tag says: ✓/✗ once scored (with a judge's category, or its score when it is a
 * fraction: a pass/fail judge's 1 and 0 say no more than ✓/✗), else where the judging stands.
 */
export function verdictOf(name: string, score: WorkflowScoreView): { text: string; color: TagColor; result: string } {
  if (score.status === 'pending') return { text: `${name} 评审中…`, color: 'gray', result: '评审中' };
  if (score.status === 'skipped') return { text: `${name} 未评审`, color: 'gray', result: '未评审' };
  if (score.status === 'failed') return { text: `${name} 评审失败`, color: 'orange', result: '评审失败' };
  if (score.passed === null) return { text: `${name} —`, color: 'gray', result: '不计分' };
  const mark = score.passed ? '✓' : '✗';
  const value = typeof score.value === 'string' ? score.value : typeof score.value === 'number' && score.value > 0 && score.value < 1 ? score.value.toFixed(2) : '';
  return { text: [name, value, mark].filter(Boolean).join(' '), color: score.passed ? 'green' : 'red', result: score.passed ? '通过' : '未通过' };
}

/** A verdict's details: the result, the reason, and a judge's own reply on demand. */
function ScoreDetails({ score, result }: { score: WorkflowScoreView; result: string }) {
  const [showRaw, setShowRaw] = useState(false);
  return (
    <div className="run-score-details">
      <div>结果：{result}</div>
      {typeof score.value === 'string' && <div>分类：{score.value}</div>}
      {score.raw !== undefined && typeof score.value === 'number' && <div>分数：{score.value.toFixed(2)}</div>}
      <div className="run-score-reason">{score.reason ? `原因：${score.reason}` : '没有说明'}</div>
      {score.raw && (
        <>
          <Button size="mini" type="text" className="run-score-raw-toggle" onClick={() => setShowRaw(!showRaw)}>
            {showRaw ? '收起评审原文' : '查看评审原文'}
          </Button>
          {showRaw && <pre className="run-score-raw">{score.raw}</pre>}
        </>
      )}
    </div>
  );
}

/** One scorer's verdict on an answer; hovering or clicking it shows why. */
function ScoreTag({ name, score }: { name: string; score: WorkflowScoreView }) {
  const verdict = verdictOf(name, score);
  return (
    <Popover trigger={['hover', 'click']} title={name} content={<ScoreDetails score={score} result={verdict.result} />}>
      <button type="button" className="run-score-tag" aria-label={verdict.text}>
        <Tag size="small" color={verdict.color}>
          {verdict.text}
        </Tag>
      </button>
    </Popover>
  );
}

/** Every scorer's verdict on one answer, in the run's scorer order (the first one is the run's accuracy). */
export function ScoreTags({ scores }: { scores: Record<string, WorkflowScoreView> }) {
  const entries = Object.entries(scores);
  if (entries.length === 0) return null;
  return (
    <div className="run-score-tags" aria-label="评分">
      {entries.map(([name, score]) => (
        <ScoreTag key={name} name={name} score={score} />
      ))}
    </div>
  );
}
