import { describe, expect, it } from 'vitest';
import { HEARTBEAT_LEVEL, heartbeatLevel } from './heartbeat-level';

describe(heartbeatLevel.name, () => {
  const defaults = { slowMs: 30_000, tooLongMs: 60_000 };

  it.each([
    ['a fast answer', { ok: true, elapsedMs: 800 }, HEARTBEAT_LEVEL.HEALTHY],
    ['an answer exactly at the slow threshold', { ok: true, elapsedMs: 30_000 }, HEARTBEAT_LEVEL.HEALTHY],
    ['an answer above the slow threshold', { ok: true, elapsedMs: 30_001 }, HEARTBEAT_LEVEL.SLOW],
    ['an answer just below the too-long threshold', { ok: true, elapsedMs: 59_999 }, HEARTBEAT_LEVEL.SLOW],
    ['an answer at the too-long threshold', { ok: true, elapsedMs: 60_000 }, HEARTBEAT_LEVEL.DOWN],
    ['a failed probe, however fast', { ok: false, elapsedMs: 5 }, HEARTBEAT_LEVEL.DOWN],
  ])('%s', (_case, probe, level) => {
    expect(heartbeatLevel(probe, defaults)).toBe(level);
  });

  it('lets the too-long rule win when it is set below the slow one', () => {
    expect(heartbeatLevel({ ok: true, elapsedMs: 20_000 }, { slowMs: 30_000, tooLongMs: 10_000 })).toBe(HEARTBEAT_LEVEL.DOWN);
  });

  it('treats a threshold of 0 as off', () => {
    expect(heartbeatLevel({ ok: true, elapsedMs: 999_999 }, { slowMs: 0, tooLongMs: 0 })).toBe(HEARTBEAT_LEVEL.HEALTHY);
    expect(heartbeatLevel({ ok: true, elapsedMs: 999_999 }, { slowMs: 1000, tooLongMs: 0 })).toBe(HEARTBEAT_LEVEL.SLOW);
  });
});
