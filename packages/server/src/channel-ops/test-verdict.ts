import type { ProbeResult } from './channel-probe';

export type TestVerdict = { action: 'disable'; reason: string } | { action: 'enable' } | { action: 'none' };

export interface VerdictRules {
  /** The channel's auto_ban and AutomaticDisableChannelEnabled are on. */
  mayDisable: boolean;
  /** The failure means a dead key or account (AutoDisableService.meansDeadKey). */
  meansDeadKey: boolean;
  /** ChannelDisableThreshold in seconds; 0 turns the slowness rule off (else every test would be too slow). */
  slowAfterSeconds: number;
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);

/**
 * What a test result means for the channel's status (DESIGN.md §5.8): a dead key, or an answer
 * slower than the threshold, disables; an answer in time enables again. The slowness rule only
 * counts when disabling is allowed, so that with auto-disable off a slow but working channel is
 * still re-enabled. Whether a status may actually move (3 → 1 only, options) is decided by
 * AutoDisableService.
 */
export function testVerdict(result: ProbeResult, rules: VerdictRules): TestVerdict {
  if (rules.mayDisable) {
    if (!result.ok && rules.meansDeadKey) return { action: 'disable', reason: `HTTP ${result.status}: ${result.message.slice(0, 300)}` };
    if (rules.slowAfterSeconds > 0 && result.elapsedMs > rules.slowAfterSeconds * 1000) {
      return { action: 'disable', reason: `响应时间 ${seconds(result.elapsedMs)} 秒，超过阈值 ${rules.slowAfterSeconds} 秒` };
    }
  }
  return result.ok ? { action: 'enable' } : { action: 'none' };
}
