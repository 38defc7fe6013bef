import { describe, expect, it } from 'vitest';
import { afterFailure, COOLDOWN_MAX_MS, CooldownBook, decodeCooldown, encodeCooldown, STREAK_TTL_MS } from './cooldown-state';

const START = 1_700_000_000_000;

describe(CooldownBook.name, () => {
  it('cools a channel down from its third failure in a row, for 5 s', () => {
    const sut = new CooldownBook();
    expect(sut.fail(7, START, 'HTTP 500: boom').until).toBe(0);
    expect(sut.fail(7, START + 1, 'HTTP 500: boom').until).toBe(0);
    expect(sut.fail(7, START + 2, 'HTTP 502: bad gateway')).toEqual({ streak: 3, until: START + 2 + 5_000, reason: 'HTTP 502: bad gateway' });
    expect(sut.get(8, START)).toBeUndefined();
  });

  it('doubles the cooldown with each failure after one ends, up to 5 min', () => {
    const sut = new CooldownBook();
    let now = START;
    const durations: number[] = [];
    for (let i = 0; i < 10; i++) {
      const state = sut.fail(7, now, 'HTTP 503');
      if (state.until > 0) {
        durations.push(state.until - now);
        now = state.until;
      }
    }
    expect(durations).toEqual([5_000, 10_000, 20_000, 40_000, 80_000, 160_000, COOLDOWN_MAX_MS, COOLDOWN_MAX_MS]);
  });

  it('does not grow on failures during the cooldown (the same incident), and a success ends the run', () => {
    const sut = new CooldownBook();
    for (let i = 0; i < 3; i++) sut.fail(7, START, 'x');
    const cooling = sut.fail(7, START + 1_000, 'y');
    expect(cooling).toMatchObject({ streak: 3, until: START + 5_000, reason: 'x' });
    sut.succeed(7);
    expect(sut.get(7, START + 1_000)).toBeUndefined();
    expect(sut.fail(7, START + 1_000, 'z')).toMatchObject({ streak: 1, until: 0 });
  });

  it('forgets a run with no failure for 10 minutes', () => {
    const sut = new CooldownBook();
    sut.fail(7, START, 'x');
    sut.fail(7, START, 'x');
    expect(sut.fail(7, START + STREAK_TTL_MS + 1, 'x')).toMatchObject({ streak: 1, until: 0 });
  });
});

describe(afterFailure.name, () => {
  it('keeps a short reason, stored as Redis keeps it', () => {
    const state = afterFailure(undefined, START, `HTTP 401: ${'x'.repeat(500)}`);
    expect(state.reason).toHaveLength(200);
    expect(decodeCooldown(encodeCooldown({ streak: 4, until: START, reason: 'a:b\nc' }))).toEqual({ streak: 4, until: START, reason: 'a:b\nc' });
    expect(decodeCooldown(null)).toBeUndefined();
  });
});
