import { describe, expect, it } from 'vitest';
import { RelayError } from '../relay-error';
import { geminiErrorReply, geminiInbound, geminiRoute, withQueryKey } from './gemini-inbound';

const query = (text: string) => new URLSearchParams(text);

describe('geminiInbound', () => {
  it('reads the model and the streaming from the path, case-sensitively, models with slashes and colons included', () => {
    expect(geminiRoute('/v1beta/models/gemini-2.5-flash:generateContent', query(''))).toEqual({ model: 'gemini-2.5-flash', stream: false, sse: false });
    expect(geminiRoute('/v1beta/models/org/llama3:8b:streamGenerateContent', query('alt=sse'))).toEqual({ model: 'org/llama3:8b', stream: true, sse: true });
    expect(geminiRoute('/v1beta/models/gemini-test:streamgeneratecontent', query(''))).toBeUndefined();
    expect(geminiRoute('/v1beta/models/gemini-test:countTokens', query(''))).toBeUndefined();
  });

  it('takes ?key= only when no header carries a key', () => {
    expect(withQueryKey({}, query('key=abc'))['x-goog-api-key']).toBe('abc');
    expect(withQueryKey({ 'x-goog-api-key': 'header' }, query('key=abc'))['x-goog-api-key']).toBe('header');
  });

  it("writes errors in Google's shape; no channel for the model is NOT_FOUND", () => {
    expect(geminiErrorReply(new RelayError(429, 'slow down'))).toEqual({ status: 429, body: { error: { code: 429, message: 'slow down', status: 'RESOURCE_EXHAUSTED' } } });
    expect(geminiErrorReply(new RelayError(503, 'none', 'upstream_error', 'model_not_found')).status).toBe(404);
  });

  it('writes a stream without alt=sse as one JSON array, a late failure as its last element', () => {
    const { framing } = geminiInbound({ model: 'm', stream: true, sse: false });
    expect(JSON.parse(framing.encode('{"a":1}') + framing.encode('{"a":2}') + framing.end)).toEqual([{ a: 1 }, { a: 2 }]);
    const broken = geminiInbound({ model: 'm', stream: true, sse: false }).framing;
    expect(JSON.parse(broken.encode('{"a":1}') + broken.error('cut'))).toEqual([{ a: 1 }, { error: { code: 500, message: 'cut', status: 'INTERNAL' } }]);
  });

  it('hands the body on unchanged beside the model, the stream flag and the completion budget', () => {
    const body = { contents: [{ role: 'user', parts: [{ text: 'hi' }] }], generationConfig: { maxOutputTokens: 10 } };
    expect(geminiInbound({ model: 'm', stream: true, sse: true }).check(body)).toEqual({ model: 'm', stream: true, max_tokens: 10, gemini: body });
    expect(() => geminiInbound({ model: 'm', stream: false, sse: false }).check({ contents: [], generationConfig: { maxOutputTokens: 10 } })).toThrow('contents');
  });
});
