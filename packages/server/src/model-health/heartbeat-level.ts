import type { OptionsService } from '../options/options.service';

/** Heartbeat levels (spec 2 §4: 1 green, 2 yellow, 3 red). */
export const HEARTBEAT_LEVEL = { HEALTHY: 1, SLOW: 2, DOWN: 3 } as const;
export type HeartbeatLevel = (typeof HEARTBEAT_LEVEL)[keyof typeof HEARTBEAT_LEVEL];

/** Both in milliseconds; 0 turns the rule off (the options accept 0). */
export interface LevelThresholds {
  /** AvgRespTimeThreshold: an answer slower than this is "slow". */
  slowMs: number;
  /** RespTimeTooLongThreshold: an answer this slow or slower counts as down. */
  tooLongMs: number;
}

export function levelThresholds(options: OptionsService): LevelThresholds {
  return {
    slowMs: options.getNumber('AvgRespTimeThreshold') * 1000,
    tooLongMs: options.getNumber('RespTimeTooLongThreshold') * 1000,
  };
}

/**
 * The level of one probe, from the monitoring options (seconds, defaults 30 and 60):
 * 3 when the probe failed or took RespTimeTooLongThreshold or longer (a user would have given up);
 * 2 when it answered but took longer than AvgRespTimeThreshold;
 * 1 when it answered within AvgRespTimeThreshold.
 * The too-long rule wins when an operator sets it below the slow one.
 */
export function heartbeatLevel(probe: { ok: boolean; elapsedMs: number }, thresholds: LevelThresholds): HeartbeatLevel {
  if (!probe.ok) return HEARTBEAT_LEVEL.DOWN;
  if (thresholds.tooLongMs > 0 && probe.elapsedMs >= thresholds.tooLongMs) return HEARTBEAT_LEVEL.DOWN;
  if (thresholds.slowMs > 0 && probe.elapsedMs > thresholds.slowMs) return HEARTBEAT_LEVEL.SLOW;
  return HEARTBEAT_LEVEL.HEALTHY;
}
