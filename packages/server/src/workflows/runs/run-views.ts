import type { WorkflowAnswerView, WorkflowRunStatusView, WorkflowRunSummaryRow, WorkflowRunView, WorkflowTask } from '@gw/shared';
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
});

/** An answer row as read for the detail page: the view with its sample and column. */
export type AnswerRow = WorkflowAnswerView & { idx: number; col: number };

export const toAnswerView = ({ idx: _idx, col: _col, ...view }: AnswerRow): WorkflowAnswerView => view;

/** A column's totals as summed by the database. */
export interface SummaryRow {
  col: number;
  quota: number;
  use_time_ms: number;
  prompt_tokens: number;
  completion_tokens: number;
  answers: number;
  failures: number;
  scored: number;
  correct: number;
}

export function toSummaryRow(model: string, row: SummaryRow | undefined, quotaPerUnit: number): WorkflowRunSummaryRow {
  const answers = row?.answers ?? 0;
  const useTime = (row?.use_time_ms ?? 0) / 1000;
  const scored = row?.scored ?? 0;
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
    correct: row?.correct ?? 0,
    accuracy: scored > 0 ? (row?.correct ?? 0) / scored : null,
  };
}
