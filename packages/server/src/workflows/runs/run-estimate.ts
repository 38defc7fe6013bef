import type { WorkflowEstimate } from '@gw/shared';
import { Injectable } from '@nestjs/common';
import { BusinessError } from '../../common/business.error';
import { PoolDb } from '../../database/pool-db';
import { PriceService } from '../../relay/billing/price.service';
import { quotaFor } from '../../relay/billing/pricing';
import { countPromptTokens } from '../../relay/billing/token-count';
import { emptyUsage } from '../../relay/billing/usage';
import { RelayError } from '../../relay/relay-error';
import type { RunPlan, RunSourceRef } from './run-plan';
import { RunSources } from './run-sources';
import { messagesFor } from './sample-prompt';

/** Samples whose prompts are counted exactly; the rest are estimated from their average. */
export const ESTIMATE_SAMPLED = 200;
/** The answer length assumed for a column that sets no max_tokens. */
export const ESTIMATE_COMPLETION_TOKENS = 512;

/**
 * The cost of a whole-data run before it starts (issue 16): for each column, the prompt tokens of
 * the first ESTIMATE_SAMPLED samples counted as the relay counts them, extrapolated to every
 * sample, plus max_tokens (or ESTIMATE_COMPLETION_TOKENS) per answer, priced like the relay
 * prices it for the user's group. Compared with the user's remaining quota.
 */
@Injectable()
export class RunEstimator {
  constructor(
    private readonly db: PoolDb,
    private readonly prices: PriceService,
    private readonly sources: RunSources,
  ) {}

  async estimate(user: { id: number; group: string }, plan: RunPlan & { source: RunSourceRef }, limit: number): Promise<WorkflowEstimate> {
    const described = await this.sources.describe(user.id, plan.source, limit);
    const inputs: string[] = [];
    for await (const sample of this.sources.samples(user.id, plan.source, Math.min(ESTIMATE_SAMPLED, described.samples))) inputs.push(sample.input);
    const quotaPerUnit = this.prices.quotaPerUnit();
    const models = plan.columns.map((column) => {
      const counted = inputs.reduce((sum, input) => sum + countPromptTokens({ messages: messagesFor(column, input) }), 0);
      const promptPerCall = inputs.length > 0 ? counted / inputs.length : 0;
      const completionPerCall = column.params.max_tokens ?? ESTIMATE_COMPLETION_TOKENS;
      let price;
      try {
        price = this.prices.priceOf(column.model, user.group);
      } catch (error) {
        if (error instanceof RelayError) throw new BusinessError(`节点 ${column.node_id}：${error.message}`);
        throw error;
      }
      const calls = described.samples;
      const perCall = quotaFor(price, { ...emptyUsage(), prompt_tokens: Math.ceil(promptPerCall), completion_tokens: completionPerCall }, quotaPerUnit);
      return {
        node_id: column.node_id,
        model: column.model,
        calls,
        prompt_tokens: Math.round(promptPerCall * calls),
        completion_tokens: completionPerCall * calls,
        quota: perCall * calls,
      };
    });
    const quota = models.reduce((sum, model) => sum + model.quota, 0);
    const [row] = await this.db.query<{ quota: string }>('SELECT quota FROM users WHERE id = $1', [user.id]);
    const userQuota = Number(row?.quota ?? 0);
    return {
      source: { kind: plan.source.kind, id: plan.source.id, name: described.name, field: plan.source.field },
      samples: described.samples,
      models,
      quota,
      user_quota: userQuota,
      enough: quota <= userQuota,
    };
  }
}
