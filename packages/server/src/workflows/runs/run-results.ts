import { WORKFLOW_RUN_PAGE_SIZE, type WorkflowAnswerView, type WorkflowRunDetail, type WorkflowRunSummary } from '@gw/shared';
import { Injectable } from '@nestjs/common';
import { requestedNumberedPage } from '../../common/paging';
import { PoolDb } from '../../database/pool-db';
import { PriceService } from '../../relay/billing/price.service';
import type { RunRow } from './run-store';
import { type AnswerRow, type ScoreRow, type ScoreSumRow, type SummaryRow, scorerSummaries, toAnswerView, toRunView, toSummaryRow } from './run-views';
import { messagesFor } from './sample-prompt';

/** The answer key of a row, for grouping scores with their answer. */
const keyOf = (row: { idx: number; col: number; rep: number }) => `${row.idx}:${row.col}:${row.rep}`;

/**
 * What a run came to, read for its owner (and, later, a share link): a page of samples with every
 * answer and its scores, and the per-model summary with each scorer's totals. The caller has
 * already checked who may read the run.
 */
@Injectable()
export class RunResults {
  constructor(
    private readonly db: PoolDb,
    private readonly prices: PriceService,
  ) {}

  /** One page of the run's samples, each with its answers keyed by model (repeats under the first). */
  async detail(run: RunRow, query: { page?: number; page_size?: number }): Promise<WorkflowRunDetail> {
    const paging = requestedNumberedPage(query, WORKFLOW_RUN_PAGE_SIZE);
    const range = [run.id, paging.skip, paging.skip + paging.take];
    const samples = await this.db.query<{ idx: number; input: string; reference: string }>(
      'SELECT idx, input, reference FROM workflow_run_samples WHERE run_id = $1 AND idx >= $2 AND idx < $3 ORDER BY idx',
      range,
    );
    const answers = await this.db.query<AnswerRow>(
      `SELECT idx, col, rep, status, answer, quota::float8 AS quota, prompt_tokens, completion_tokens, use_time_ms, first_token_ms, error
         FROM workflow_run_answers WHERE run_id = $1 AND idx >= $2 AND idx < $3 ORDER BY idx, col, rep`,
      range,
    );
    const scoreRows = await this.db.query<ScoreRow>(
      `SELECT idx, col, rep, scorer, status, kind, value, label, passed, reason, raw
         FROM workflow_run_scores WHERE run_id = $1 AND idx >= $2 AND idx < $3 ORDER BY idx, col, rep, scorer`,
      range,
    );
    const scoresByAnswer = new Map<string, ScoreRow[]>();
    for (const row of scoreRows) {
      const key = keyOf(row);
      const list = scoresByAnswer.get(key);
      if (list) list.push(row);
      else scoresByAnswer.set(key, [row]);
    }
    const bySample = new Map<number, Map<number, WorkflowAnswerView>>();
    for (const answer of answers) {
      const view = toAnswerView(answer, scoresByAnswer.get(keyOf(answer)) ?? [], run.scorers);
      const columns = bySample.get(answer.idx) ?? new Map<number, WorkflowAnswerView>();
      bySample.set(answer.idx, columns);
      const first = columns.get(answer.col);
      if (!first) columns.set(answer.col, view);
      else (first.repeats ??= []).push(view);
    }
    const first = run.plan.columns[0];
    return {
      run: toRunView(run),
      list: samples.map((sample) => ({
        index: sample.idx,
        question: JSON.stringify({ messages: messagesFor(first, sample.input) }),
        reference: sample.reference,
        answers: Object.fromEntries([...(bySample.get(sample.idx) ?? new Map<number, WorkflowAnswerView>())].map(([col, view]) => [run.models[col], view])),
      })),
      total: run.samples,
      page: paging.page,
      page_size: paging.size,
    };
  }

  /** Per model: cost, time, tokens, failures, accuracy (the first scorer's pass rate) and every scorer's totals. */
  async summary(run: RunRow): Promise<WorkflowRunSummary> {
    const rows = await this.db.query<SummaryRow>(
      `SELECT col, sum(quota)::float8 AS quota, sum(use_time_ms)::float8 AS use_time_ms, sum(prompt_tokens)::float8 AS prompt_tokens,
              sum(completion_tokens)::float8 AS completion_tokens, count(*) FILTER (WHERE status = 'done')::int AS answers,
              count(*) FILTER (WHERE status = 'failed')::int AS failures
         FROM workflow_run_answers WHERE run_id = $1 GROUP BY col`,
      [run.id],
    );
    const sums = await this.db.query<ScoreSumRow>(
      `SELECT col, rep, scorer, count(passed)::int AS scored, count(*) FILTER (WHERE passed)::int AS passed,
              COALESCE(sum(value), 0)::float8 AS value_sum, count(value)::int AS valued
         FROM workflow_run_scores WHERE run_id = $1 AND status = 'done' GROUP BY col, rep, scorer`,
      [run.id],
    );
    const byColumn = new Map(rows.map((row) => [row.col, row]));
    const quotaPerUnit = this.prices.quotaPerUnit();
    return {
      summary: run.models.map((model, col) =>
        toSummaryRow(
          model,
          byColumn.get(col),
          scorerSummaries(
            run.scorers,
            sums.filter((sum) => sum.col === col),
            run.repeats,
          ),
          run.scorers[0]?.name,
          quotaPerUnit,
        ),
      ),
      scorers: run.scorers,
    };
  }
}
