import { describe, expect, it } from 'vitest';
import { countPromptTokens, countTokens, estimateTokens } from './token-count';

const english = 'The gateway reserves quota for every request before it calls the upstream, then settles what the answer cost. ';
const chinese = '网关在调用上游之前为每个请求预留额度，收到回答后按实际用量结算。';
const code = 'function settle(reservation, cost) {\n  return Math.min(cost, reservation.quota + account.free);\n}\n';
const repeat = (text: string, chars: number) => text.repeat(Math.ceil(chars / text.length)).slice(0, chars);

describe('estimateTokens: the relay’s own count of a prompt', () => {
  it('counts exactly up to 4,096 characters', () => {
    for (const text of ['', 'hi', repeat(english, 4_096), repeat(chinese, 4_096), repeat(code, 3_000)]) {
      expect(estimateTokens(text)).toBe(countTokens(text));
    }
  });

  it('estimates a long text within 5 % of the exact count, whatever its language, and for mixes of them', () => {
    const texts = {
      english: repeat(english, 200_000),
      chinese: repeat(chinese, 60_000),
      code: repeat(code, 100_000),
      // A long English system prompt, then Chinese documents, then code: the slices follow the mix.
      mixed: repeat(english, 30_000) + repeat(chinese, 40_000) + repeat(code, 20_000),
      'chinese then english': repeat(chinese, 10_000) + repeat(english, 70_000),
      // A dense part narrower than the slices' spacing is the worst case (about −4 %).
      'small parts at both ends': repeat(code, 5_000) + repeat(english, 100_000) + repeat(chinese, 5_000),
    };
    for (const [name, text] of Object.entries(texts)) {
      const exact = countTokens(text);
      const estimate = estimateTokens(text);
      expect(Math.abs(estimate - exact) / exact, `${name}: exact ${exact}, estimate ${estimate}`).toBeLessThan(0.05);
    }
  });

  it('is what the request counters use when they are given it, and exact counting stays the default', () => {
    const body = { messages: [{ role: 'user', content: repeat(chinese, 20_000) }] };
    expect(countPromptTokens(body)).toBe(countTokens(`${body.messages[0].content}\n`) + 6);
    expect(countPromptTokens(body, estimateTokens)).toBe(estimateTokens(`${body.messages[0].content}\n`) + 6);
  });
});
