import { describe, expect, it } from 'vitest';
import { classifyFailure, errorCodesOf, mapStatus } from './relay-attempts';

describe(classifyFailure.name, () => {
  it('puts what speaks about the channel on the channel: key, account, model path, rate, health, no answer', () => {
    for (const status of [0, 401, 402, 403, 404, 408, 429, 500, 502, 503, 504, 529]) {
      expect(classifyFailure(status, 'whatever'), String(status)).toBe('channel');
    }
  });

  it('gives a 400-class error about the request back to the client', () => {
    expect(classifyFailure(400, "Invalid 'messages': empty array. invalid_request_error")).toBe('request');
    expect(classifyFailure(413, 'Request too large')).toBe('request');
    expect(classifyFailure(422, 'messages.0.content: field required')).toBe('request');
  });

  it('puts a 4xx naming a dead key, a spent quota or a missing model on the channel', () => {
    expect(classifyFailure(400, 'API key not valid. Please pass a valid API key. INVALID_ARGUMENT API_KEY_INVALID')).toBe('channel');
    expect(classifyFailure(400, 'You exceeded your current quota insufficient_quota')).toBe('channel');
    expect(classifyFailure(400, 'Your credit balance is too low to access the Anthropic API')).toBe('channel');
    expect(classifyFailure(400, '账户余额不足，请充值')).toBe('channel');
    expect(classifyFailure(400, 'Quota exceeded for this project')).toBe('channel');
    expect(classifyFailure(400, 'The model does not exist model_not_found')).toBe('channel');
  });

  it("counts the operator's AutomaticDisableKeywords as dead-key phrases", () => {
    expect(classifyFailure(400, 'Account suspended by provider')).toBe('request');
    expect(classifyFailure(400, 'Account suspended by provider', ['account SUSPENDED'])).toBe('channel');
  });
});

describe(errorCodesOf.name, () => {
  it('reads the code, type and status fields of OpenAI, Anthropic and Gemini errors', () => {
    expect(errorCodesOf('{"error":{"message":"You exceeded your current quota","type":"insufficient_quota","code":"insufficient_quota"}}')).toBe('insufficient_quota insufficient_quota');
    expect(errorCodesOf('{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}')).toBe('overloaded_error');
    expect(errorCodesOf('{"error":{"code":400,"status":"INVALID_ARGUMENT","details":[{"reason":"API_KEY_INVALID"}]}}')).toBe('400 INVALID_ARGUMENT API_KEY_INVALID');
    expect(errorCodesOf('upstream exploded')).toBe('');
  });
});

describe(mapStatus.name, () => {
  it("applies the channel's status_code_mapping", () => {
    expect(mapStatus({ '400': '422' }, 400)).toBe(422);
    expect(mapStatus({ '400': 'nope' }, 400)).toBe(400);
  });
});
