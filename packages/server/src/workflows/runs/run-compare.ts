import {
  MSG_WORKFLOW_COMPARE_SAME,
  WORKFLOW_RUN_PAGE_SIZE,
  type WorkflowCompare,
  type WorkflowCompareRow,
  type WorkflowCompareSample,
  type WorkflowCompareState,
  type WorkflowRunSummaryRow,
} from '@gw/shared';
import { Injectable } from '@nestjs/common';
import { BusinessError } from '../../common/business.error';
import { requestedNumberedPage } from '../../common/paging';
import { PoolDb } from '../../database/pool-db';
import type { CompareRunsQuery } from './dto/run-input.dto';
import { RunResults } from './run-results';
import type { RunRow } from './run-store';

/** A run's first-scorer verdict per sample and column: passed when most of its repeats passed (a tie fails), null when none was scored. */
interface Verdict {
  idx: number;
  col: number;
  scored: number;
  passed: number;
}

const verdictOf = (row: Verdict | undefined): boolean | null => (!row || row.scored === 0 ? null : row.passed * 2 > row.scored);

function stateOf(base: boolean | null, other: boolean | null): WorkflowCompareState {
  if (base === false && other === true) return 'fixed';
  if (base === true && other === false) return 'regressed';
  return 'same';
}

const delta = (base: number | null, other: number | null) => (base === null || other === null ? null : other - base);
const rate = (passed: number, scored: number) => (scored > 0 ? passed / scored : null);

/**
 * `GET /api/workflow/runs/compare` (issue 30): a baseline run and another, side by side. The
 * summary compares every model both runs asked: each scorer both have (by name) as pass rate and
 * mean, then cost and mean latency. Runs of the same dataset (same source and field) also compare
 * sample by sample on each run's first scorer — fixed, regressed or the same — matching samples by
 * position and only where their text is the same (a dataset edited between the runs compares only
 * what it kept).
 */
@Injectable()
export class RunCompare {
  constructor(
    private readonly db: PoolDb,
    private readonly results: RunResults,
  ) {}

  async compare(base: RunRow, other: RunRow, query: CompareRunsQuery): Promise<WorkflowCompare> {
    if (base.id === other.id) throw new BusinessError(MSG_WORKFLOW_COMPARE_SAME);
    const paging = requestedNumberedPage(query, WORKFLOW_RUN_PAGE_SIZE);
    const models = base.models.filter((model) => other.models.includes(model));
    const [baseSummary, otherSummary] = await Promise.all([this.results.summary(base), this.results.summary(other)]);
    const summary = models.flatMap((model) =>
      summaryRows(
        model,
        baseSummary.summary.find((row) => row.model_id === model),
        otherSummary.summary.find((row) => row.model_id === model),
        base.scorers.map((scorer) => scorer.name).filter((name) => other.scorers.some((scorer) => scorer.name === name)),
      ),
    );
    const sameSource = base.source_kind !== 'query' && base.source_kind === other.source_kind && base.source_id === other.source_id && base.source_field === other.source_field;
    const reply: WorkflowCompare = {
      base: brief(base),
      other: brief(other),
      same_source: sameSource,
      summary,
      counts: {},
      list: [],
      total: 0,
      page: paging.page,
      page_size: paging.size,
    };
    if (!sameSource) return reply;

    const [baseVerdicts, otherVerdicts, matched] = await Promise.all([this.verdicts(base.id), this.verdicts(other.id), this.matchedSamples(base.id, other.id)]);
    const states = matched.map((idx) => ({
      idx,
      models: Object.fromEntries(
        models.map((model) => {
          const baseVerdict = verdictOf(baseVerdicts.get(`${idx}:${base.models.indexOf(model)}`));
          const otherVerdict = verdictOf(otherVerdicts.get(`${idx}:${other.models.indexOf(model)}`));
          return [model, { base: baseVerdict, other: otherVerdict, state: stateOf(baseVerdict, otherVerdict) }];
        }),
      ),
    }));
    for (const model of models) {
      const counts = { fixed: 0, regressed: 0, same: 0 };
      for (const sample of states) counts[sample.models[model].state] += 1;
      reply.counts[model] = counts;
    }
    const shown = query.state === undefined ? states : states.filter((sample) => Object.values(sample.models).some((verdict) => verdict.state === query.state));
    const page = shown.slice(paging.skip, paging.skip + paging.take);
    const texts = await this.db.query<{ idx: number; input: string; reference: string }>(
      'SELECT idx, input, reference FROM workflow_run_samples WHERE run_id = $1 AND idx = ANY($2::int[]) ORDER BY idx',
      [other.id, page.map((sample) => sample.idx)],
    );
    const textOf = new Map(texts.map((text) => [text.idx, text]));
    reply.list = page.map(
      (sample): WorkflowCompareSample => ({ index: sample.idx, question: textOf.get(sample.idx)?.input ?? '', reference: textOf.get(sample.idx)?.reference ?? '', models: sample.models }),
    );
    reply.total = shown.length;
    return reply;
  }

  /** The run's first-scorer verdicts, keyed "idx:col". */
  private async verdicts(runId: number): Promise<Map<string, Verdict>> {
    const rows = await this.db.query<Verdict>(
      `SELECT idx, col, count(passed)::int AS scored, count(*) FILTER (WHERE passed)::int AS passed
         FROM workflow_run_scores WHERE run_id = $1 AND scorer = 0 AND status = 'done' GROUP BY idx, col`,
      [runId],
    );
    return new Map(rows.map((row) => [`${row.idx}:${row.col}`, row]));
  }

  /** The positions where both runs asked the same sample text, in order. */
  private async matchedSamples(baseId: number, otherId: number): Promise<number[]> {
    const rows = await this.db.query<{ idx: number }>(
      `SELECT b.idx FROM workflow_run_samples b JOIN workflow_run_samples o ON o.run_id = $2 AND o.idx = b.idx AND o.input = b.input AND o.reference = b.reference
        WHERE b.run_id = $1 ORDER BY b.idx`,
      [baseId, otherId],
    );
    return rows.map((row) => row.idx);
  }
}

function brief(run: RunRow): WorkflowCompare['base'] {
  return { id: run.id, app_title: run.app_title, source_name: run.source_name, created_at: run.created_at };
}

/** One model's rows: pass rate and mean per shared scorer, then cost (quota) and mean latency (ms per answer). */
function summaryRows(model: string, base: WorkflowRunSummaryRow | undefined, other: WorkflowRunSummaryRow | undefined, scorers: string[]): WorkflowCompareRow[] {
  const rows: WorkflowCompareRow[] = [];
  for (const scorer of scorers) {
    const before = base?.scores[scorer];
    const after = other?.scores[scorer];
    const beforeRate = before ? rate(before.passed, before.scored) : null;
    const afterRate = after ? rate(after.passed, after.scored) : null;
    rows.push({ model_id: model, scorer, metric: 'pass_rate', base: beforeRate, other: afterRate, delta: delta(beforeRate, afterRate) });
    const beforeMean = before?.mean ?? null;
    const afterMean = after?.mean ?? null;
    rows.push({ model_id: model, scorer, metric: 'mean', base: beforeMean, other: afterMean, delta: delta(beforeMean, afterMean) });
  }
  const cost = (row: WorkflowRunSummaryRow | undefined) => row?.total_quota ?? null;
  const latency = (row: WorkflowRunSummaryRow | undefined) => (row && row.answers > 0 ? row.avg_time * 1000 : null);
  rows.push({ model_id: model, scorer: '', metric: 'cost', base: cost(base), other: cost(other), delta: delta(cost(base), cost(other)) });
  rows.push({ model_id: model, scorer: '', metric: 'latency', base: latency(base), other: latency(other), delta: delta(latency(base), latency(other)) });
  return rows;
}
