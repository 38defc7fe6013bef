import type { WorkflowCompletionBasis, WorkflowEstimate, WorkflowEstimateJudge, WorkflowScorer } from '@gw/shared';
import { Injectable } from '@nestjs/common';
import { BusinessError } from '../../common/business.error';
import { PoolDb } from '../../database/pool-db';
import { PriceService } from '../../relay/billing/price.service';
import { quotaFor } from '../../relay/billing/pricing';
import { countPromptTokens } from '../../relay/billing/token-count';
import { emptyUsage } from '../../relay/billing/usage';
import { RelayError } from '../../relay/relay-error';
import type { RunColumn, RunPlan, RunSourceRef } from './run-plan';
import { RunSources } from './run-sources';
import { RecentAnswerLength } from './recent-answer-length';
import { messagesFor } from './sample-prompt';
import { judgeMessages } from './scoring/judge';

/** Samples whose prompts are counted exactly; the rest are estimated from their average. */
export const ESTIMATE_SAMPLED = 200;
/** The answer length assumed for a model the user has no recent calls of, in a column that sets no max_tokens. */
export const ESTIMATE_COMPLETION_TOKENS = 512;
/** A judge's verdict is a short JSON object with a reason: its expected length, and the high end. */
export const JUDGE_COMPLETION_TOKENS = 150;
export const JUDGE_COMPLETION_TOKENS_HIGH = 400;

/** The answer tokens expected per call and the high end of the range, and where they come from. */
export function answerLength(column: Pick<RunColumn, 'params'>, recentMean: number | undefined): { expected: number; high: number; basis: WorkflowCompletionBasis } {
  const cap = column.params.max_tokens;
  const [expected, basis]: [number, WorkflowCompletionBasis] =
    recentMean !== undefined ? [Math.min(Math.ceil(recentMean), cap ?? Infinity), 'history'] : cap !== undefined ? [cap, 'max_tokens'] : [ESTIMATE_COMPLETION_TOKENS, 'default'];
  // Twice the expected length, but never past max_tokens: no answer can be longer.
  return { expected, high: Math.min(2 * expected, cap ?? Infinity), basis };
}

/**
 * The cost of a whole-data run before it starts (issue 16), as a range. For each column: the
 * prompt tokens of the first ESTIMATE_SAMPLED samples counted as the relay counts them and
 * extrapolated to every sample; answers as long as the model's recent answers to this user
 * (RecentAnswerLength), else max_tokens, else ESTIMATE_COMPLETION_TOKENS (the low end, `quota`)
 * and twice that within max_tokens (the high end); priced like the relay prices it for the user's
 * group. Every sample is read once to count those whose asked field is missing or empty. The
 * expected cost is compared with the user's remaining quota. Each sample is asked `repeats` times per
 * column; each judge is counted for every answer (the most it can be asked: only_if_passed may ask
 * fewer), its prompt being the rubric with the sample and an answer of the column's expected length.
 */
@Injectable()
export class RunEstimator {
  constructor(
    private readonly db: PoolDb,
    private readonly prices: PriceService,
    private readonly sources: RunSources,
    private readonly answerLengths: RecentAnswerLength,
  ) {}

  async estimate(
    user: { id: number; group: string },
    plan: RunPlan & { source: RunSourceRef },
    limit: number,
    scorers: WorkflowScorer[] = [],
    repeats = 1,
  ): Promise<WorkflowEstimate> {
    const described = await this.sources.describe(user.id, plan.source, limit);
    const inputs: string[] = [];
    let emptySamples = 0;
    for await (const sample of this.sources.samples(user.id, plan.source, described.samples)) {
      if (inputs.length < ESTIMATE_SAMPLED) inputs.push(sample.input);
      if (sample.input.trim() === '') emptySamples += 1;
    }
    const quotaPerUnit = this.prices.quotaPerUnit();
    const calls = described.samples * repeats;
    const lengths: number[] = [];
    const models = await Promise.all(
      plan.columns.map(async (column) => {
        const counted = inputs.reduce((sum, input) => sum + countPromptTokens({ messages: messagesFor(column, input) }), 0);
        const promptPerCall = Math.ceil(inputs.length > 0 ? counted / inputs.length : 0);
        const length = answerLength(column, await this.answerLengths.meanCompletionTokens(user.id, column.model));
        lengths.push(length.expected);
        const price = this.priceOf(column, user.group);
        const perCall = (completion: number) => quotaFor(price, { ...emptyUsage(), prompt_tokens: promptPerCall, completion_tokens: completion }, quotaPerUnit);
        return {
          node_id: column.node_id,
          model: column.model,
          variant: column.variant ?? '',
          calls,
          prompt_tokens: promptPerCall * calls,
          completion_tokens: length.expected * calls,
          completion_basis: length.basis,
          quota: perCall(length.expected) * calls,
          quota_high: perCall(length.high) * calls,
        };
      }),
    );
    const meanAnswer = lengths.length > 0 ? lengths.reduce((sum, length) => sum + length, 0) / lengths.length : 0;
    const judges = scorers
      .filter((scorer) => scorer.type === 'llm_judge')
      .map((scorer) => this.judgeEstimate(scorer, inputs, meanAnswer, calls * plan.columns.length, user.group, quotaPerUnit));
    const all = [...models, ...judges];
    const quota = all.reduce((sum, part) => sum + part.quota, 0);
    const [row] = await this.db.query<{ quota: string }>('SELECT quota FROM users WHERE id = $1', [user.id]);
    const userQuota = Number(row?.quota ?? 0);
    return {
      source: { kind: plan.source.kind, id: plan.source.id, name: described.name, field: plan.source.field },
      samples: described.samples,
      empty_samples: emptySamples,
      models,
      judges,
      quota,
      quota_high: all.reduce((sum, part) => sum + part.quota_high, 0),
      user_quota: userQuota,
      enough: quota <= userQuota,
    };
  }

  /** A judge asked about every answer: its prompt is the rubric filled with the counted samples, plus an answer of the columns' mean expected length in tokens. */
  private judgeEstimate(scorer: WorkflowScorer, inputs: string[], answerTokens: number, calls: number, group: string, quotaPerUnit: number): WorkflowEstimateJudge {
    const counted = inputs.reduce((sum, input) => sum + countPromptTokens({ messages: judgeMessages(scorer, { question: input, reference: '', answer: '' }) }), 0);
    const promptPerCall = Math.ceil((inputs.length > 0 ? counted / inputs.length : 0) + answerTokens);
    const price = this.priced(scorer.model ?? '', group, `评分「${scorer.name}」`);
    const perCall = (completion: number) => quotaFor(price, { ...emptyUsage(), prompt_tokens: promptPerCall, completion_tokens: completion }, quotaPerUnit);
    return {
      scorer: scorer.name,
      model: scorer.model ?? '',
      calls,
      prompt_tokens: promptPerCall * calls,
      completion_tokens: JUDGE_COMPLETION_TOKENS * calls,
      quota: perCall(JUDGE_COMPLETION_TOKENS) * calls,
      quota_high: perCall(JUDGE_COMPLETION_TOKENS_HIGH) * calls,
    };
  }

  private priceOf(column: RunColumn, group: string) {
    return this.priced(column.model, group, `节点 ${column.node_id}`);
  }

  private priced(model: string, group: string, where: string) {
    try {
      return this.prices.priceOf(model, group);
    } catch (error) {
      if (error instanceof RelayError) throw new BusinessError(`${where}：${error.message}`);
      throw error;
    }
  }
}
