import { describe, expect, it } from 'vitest';
import { inputProblem, MAX_INPUT_DEPTH, MSG_NUL, MSG_OUT_OF_RANGE, MSG_TOO_DEEP, nestedTooDeep } from './input-rules';

const nested = (levels: number): unknown => JSON.parse(`${'['.repeat(levels)}${']'.repeat(levels)}`);

describe(inputProblem.name, () => {
  it('accepts ordinary input: text, safe integers, fractions, nesting up to the limit', () => {
    expect(inputProblem({ name: '令牌', quota: Number.MAX_SAFE_INTEGER, ratio: 0.075, negative: -Number.MAX_SAFE_INTEGER, list: [1, 'a', null, true] })).toBeUndefined();
    expect(inputProblem(nested(MAX_INPUT_DEPTH))).toBeUndefined();
    expect(inputProblem(undefined)).toBeUndefined();
  });

  it('reports nesting past the limit, even 100,000 levels, without overflowing the stack', () => {
    expect(inputProblem(nested(MAX_INPUT_DEPTH + 1))).toBe(MSG_TOO_DEEP);
    expect(inputProblem({ a: nested(100_000) })).toBe(MSG_TOO_DEEP);
  });

  it('reports a NUL character in a value or a key, at any depth', () => {
    expect(inputProblem({ name: 'a\u0000b' })).toBe(MSG_NUL);
    expect(inputProblem({ list: [['x', '\u0000']] })).toBe(MSG_NUL);
    expect(inputProblem({ 'k\u0000': 1 })).toBe(MSG_NUL);
    expect(inputProblem({ name: 'a\u0000b' }, { nul: false, numbers: true })).toBeUndefined();
  });

  it('reports numbers no column holds exactly: beyond ±(2^53 − 1) or not finite', () => {
    for (const value of [1e20, -1e20, Number.MAX_SAFE_INTEGER + 1, Infinity, -Infinity, NaN, 1e300]) {
      expect(inputProblem({ quota: value }), String(value)).toBe(MSG_OUT_OF_RANGE);
    }
    expect(inputProblem({ quota: 1e20 }, { nul: true, numbers: false })).toBeUndefined();
  });
});

describe(nestedTooDeep.name, () => {
  it('tells only the depth: at the limit it passes, past it (100,000 levels too) it does not, whatever the text or numbers', () => {
    expect(nestedTooDeep({ list: nested(MAX_INPUT_DEPTH - 1), name: 'a\u0000b', quota: Infinity })).toBe(false);
    expect(nestedTooDeep(nested(MAX_INPUT_DEPTH + 1))).toBe(true);
    expect(nestedTooDeep([nested(100_000)])).toBe(true);
  });

  it('takes bytes as one value, not as an object with a key per byte', () => {
    const bytes = new Uint8Array(1024 * 1024);
    const started = performance.now();
    expect(nestedTooDeep({ image: { bytes } })).toBe(false);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
