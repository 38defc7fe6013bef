import { describe, expect, it } from 'vitest';
import { AttemptWindows } from './attempt-windows';

const WINDOW_MS = 60_000;
const T0 = 1_800_000_000_000;

describe(AttemptWindows.name, () => {
  const takeTimes = (sut: AttemptWindows, userId: number, times: number, now = T0) => Array.from({ length: times }, () => sut.take(userId, now));

  it('allows the limit of attempts in a window and refuses the next ones, per user', () => {
    const sut = new AttemptWindows(3, WINDOW_MS);
    expect(takeTimes(sut, 1, 5)).toEqual([true, true, true, false, false]);
    expect(sut.take(2, T0)).toBe(true);
  });

  it('opens a new window once the first one has ended, not before', () => {
    const sut = new AttemptWindows(2, WINDOW_MS);
    takeTimes(sut, 1, 2);
    expect(sut.take(1, T0 + WINDOW_MS - 1)).toBe(false);
    expect(takeTimes(sut, 1, 3, T0 + WINDOW_MS)).toEqual([true, true, false]);
  });

  it('counts refused attempts as nothing: the window is not stretched by them', () => {
    const sut = new AttemptWindows(1, WINDOW_MS);
    sut.take(1, T0);
    for (let second = 1; second < 60; second++) expect(sut.take(1, T0 + second * 1000)).toBe(false);
    expect(sut.take(1, T0 + WINDOW_MS)).toBe(true);
  });

  it('gives back an attempt that did not fail, so that only failures use up the limit', () => {
    const sut = new AttemptWindows(2, WINDOW_MS);
    for (let i = 0; i < 10; i++) {
      expect(sut.take(1, T0)).toBe(true);
      sut.giveBack(1, T0);
    }
    expect(takeTimes(sut, 1, 3)).toEqual([true, true, false]);
  });

  it('does not give back into a window that has ended, nor below zero', () => {
    const sut = new AttemptWindows(1, WINDOW_MS);
    sut.take(1, T0);
    sut.giveBack(1, T0 + WINDOW_MS);
    sut.giveBack(1, T0);
    sut.giveBack(1, T0);
    expect(takeTimes(sut, 1, 2, T0 + 1)).toEqual([true, false]);
  });
});
