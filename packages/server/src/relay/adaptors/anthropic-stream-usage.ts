import { countTokens } from '../billing/token-count';
import type { Usage } from '../billing/usage';
import { usageFromAnthropic } from './anthropic-response';
import type { AnthropicUsage } from './anthropic-types';

/**
 * The usage a Messages stream reports: message_start's counts, then message_delta's, which are
 * cumulative and replace them (the split of cache writes by lifetime too). Only message_delta
 * carries the final output count; a stream that stopped before it is counted from the text it
 * produced.
 */
export class AnthropicStreamUsage {
  private readonly reported: AnthropicUsage = {};
  private outputFinal = false;

  /** The usage of message_start (`final` false) or of a message_delta (`final` true). */
  report(usage: AnthropicUsage | undefined, final: boolean): void {
    if (!usage) return;
    for (const [key, value] of Object.entries(usage) as Array<[keyof AnthropicUsage, unknown]>) {
      if (key === 'cache_creation') {
        if (typeof value === 'object' && value !== null) this.reported.cache_creation = value;
      } else if (typeof value === 'number') this.reported[key] = value;
    }
    if (final && typeof usage.output_tokens === 'number') this.outputFinal = true;
  }

  usage(producedText: () => string): Usage | undefined {
    const usage = usageFromAnthropic(this.reported);
    if (!usage || this.outputFinal) return usage;
    return { ...usage, completion_tokens: Math.max(usage.completion_tokens, countTokens(producedText())) };
  }
}
