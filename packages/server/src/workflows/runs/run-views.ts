import {
  WORKFLOW_SCORE_KINDS,
  type WorkflowAnswerView,
  type WorkflowRunStatusView,
  type WorkflowRunSummaryRow,
  type WorkflowRunView,
  type WorkflowScoreKind,
  type WorkflowScorer,
  type WorkflowScorerSummary,
  type WorkflowScoreStatus,
  type WorkflowScoreView,
  type WorkflowTask,
} from '@gw/shared';
import type { RunRow } from './run-store';

/** A run as the lists show it. */
export function toRunView(row: RunRow): WorkflowRunView {
  return {
    id: row.id,
    app_id: row.app_id,
    app_title: row.app_title,
    status: row.status,
    mode: row.mode,
    source_kind: row.source_kind,
    source_name: row.source_name,
    models: row.models,
    samples: row.samples,
    total: row.total,
    done: row.done,
    failed: row.failed,
    quota: row.quota,
    estimated_quota: row.estimated_quota,
    error: row.error,
    created_at: row.created_at,
    finished_at: row.finished_at,
    judge_total: row.judge_total,
    judged: row.judged,
    repeats: row.repeats,
    reruns: row.rerun_quota,
  };
}

export const toRunTask = (row: RunRow): WorkflowTask => ({ id: row.id, status: row.status, app_title: row.app_title, created_at: row.created_at });

export const toRunStatus = (row: RunRow): WorkflowRunStatusView => ({
  id: row.id,
  Status: row.status,
  app_title: row.app_title,
  done: row.done,
  failed: row.failed,
  total: row.total,
  judge_total: row.judge_total,
  judged: row.judged,
});

/** An answer row as read for the detail page, without its scores. */
export type AnswerRow = Omit<WorkflowAnswerView, 'score' | 'score_kind' | 'scores' | 'repeats'> & { idx: number; col: number; rep: number };

/** A score row as read for the detail page. */
export interface ScoreRow {
  idx: number;
  col: number;
  rep: number;
  scorer: number;
  status: WorkflowScoreStatus;
  kind: string;
  value: number | null;
  label: string | null;
  passed: boolean | null;
  reason: string;
  raw: string;
}

export function toScoreView(row: ScoreRow): WorkflowScoreView {
  const view: WorkflowScoreView = { status: row.status, value: row.label ?? row.value, passed: row.passed, reason: row.reason };
  if (row.kind === 'llm_judge') view.raw = row.raw;
  return view;
}

const SCORE_KINDS: ReadonlySet<string> = new Set(WORKFLOW_SCORE_KINDS);

/**
 * An answer with its scores keyed by scorer name; `score` and `score_kind` are the first scorer's
 * verdict, as answers had them before scorers (1 passed, 0 failed, null not scored).
 */
export function toAnswerView({ idx: _idx, col: _col, rep: _rep, ...answer }: AnswerRow, scores: ScoreRow[], scorers: WorkflowScorer[]): WorkflowAnswerView {
  const first = scores.find((score) => score.scorer === 0);
  return {
    ...answer,
    score: first?.passed == null ? null : first.passed ? 1 : 0,
    score_kind: first && first.passed != null && SCORE_KINDS.has(first.kind) ? (first.kind as WorkflowScoreKind) : null,
    scores: Object.fromEntries(scores.filter((score) => scorers[score.scorer]).map((score) => [scorers[score.scorer].name, toScoreView(score)])),
  };
}

/** A column's totals as summed by the database. */
export interface SummaryRow {
  col: number;
  quota: number;
  use_time_ms: number;
  prompt_tokens: number;
  completion_tokens: number;
  answers: number;
  failures: number;
}

/** One column, repeat and scorer's verdicts as summed by the database. */
export interface ScoreSumRow {
  col: number;
  rep: number;
  scorer: number;
  scored: number;
  passed: number;
  value_sum: number;
  valued: number;
}

/** Population standard deviation; null for fewer than two values. */
function spreadOf(values: number[]): number | null {
  if (values.length < 2) return null;
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length);
}

/** Each scorer's totals for one column: pass counts and mean over every repeat, and the spread of the repeats' pass rates. */
export function scorerSummaries(scorers: WorkflowScorer[], sums: ScoreSumRow[], repeats: number): Record<string, WorkflowScorerSummary> {
  return Object.fromEntries(
    scorers.map((scorer, index) => {
      const rows = sums.filter((row) => row.scorer === index);
      const scored = rows.reduce((sum, row) => sum + row.scored, 0);
      const passed = rows.reduce((sum, row) => sum + row.passed, 0);
      const valued = rows.reduce((sum, row) => sum + row.valued, 0);
      const rates = repeats > 1 ? rows.filter((row) => row.scored > 0).map((row) => row.passed / row.scored) : [];
      return [scorer.name, { scored, passed, mean: valued > 0 ? rows.reduce((sum, row) => sum + row.value_sum, 0) / valued : null, spread: spreadOf(rates) }];
    }),
  );
}

export function toSummaryRow(model: string, row: SummaryRow | undefined, scores: Record<string, WorkflowScorerSummary>, firstScorer: string | undefined, quotaPerUnit: number): WorkflowRunSummaryRow {
  const answers = row?.answers ?? 0;
  const useTime = (row?.use_time_ms ?? 0) / 1000;
  const first = firstScorer === undefined ? undefined : scores[firstScorer];
  const scored = first?.scored ?? 0;
  const correct = first?.passed ?? 0;
  return {
    model_id: model,
    total_price: quotaPerUnit > 0 ? (row?.quota ?? 0) / quotaPerUnit : 0,
    total_quota: row?.quota ?? 0,
    use_time: useTime,
    avg_time: answers > 0 ? useTime / answers : 0,
    message_tokens: row?.prompt_tokens ?? 0,
    answer_tokens: row?.completion_tokens ?? 0,
    answers,
    failures: row?.failures ?? 0,
    scored,
    correct,
    accuracy: scored > 0 ? correct / scored : null,
    scores,
  };
}
