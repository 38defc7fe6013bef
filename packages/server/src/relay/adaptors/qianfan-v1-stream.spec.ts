import { describe, expect, it } from 'vitest';
import type { UpstreamEvent } from '../stream/upstream-framing';
import { UpstreamReplyError } from '../upstream-reply-error';
import { QIANFAN_V1_FRAMING, QianfanV1StreamTranslator } from './qianfan-v1-stream';

const framed = (...pieces: string[]): UpstreamEvent[] => {
  const events: UpstreamEvent[] = [];
  const decoder = QIANFAN_V1_FRAMING((event) => events.push(event));
  for (const piece of pieces) decoder.feed(Buffer.from(piece));
  return events;
};

describe('QIANFAN_V1_FRAMING', () => {
  it('reads server-sent events', () => {
    expect(framed('data: {"result":"a"}\n\n', 'data: {"result":"b","is_end":true}\n\n').map((event) => event.data)).toEqual(['{"result":"a"}', '{"result":"b","is_end":true}']);
  });

  it('hands on a plain JSON error body as one event once it is whole', () => {
    expect(framed('{"error_code":18,', '"error_msg":"Open api qps request limit reached"}')).toEqual([{ data: '{"error_code":18,"error_msg":"Open api qps request limit reached"}' }]);
  });
});

describe(QianfanV1StreamTranslator.name, () => {
  it('turns results into chunks and ends with the finish reason and the usage asked for', () => {
    const sut = new QianfanV1StreamTranslator('ERNIE-4.0-8K', true);
    const first = sut.event({ data: JSON.stringify({ id: 'as-1', result: '你好', is_end: false, usage: { prompt_tokens: 3, completion_tokens: 0, total_tokens: 3 } }) });
    expect(first.chunks).toEqual([expect.objectContaining({ id: 'chatcmpl-as-1', model: 'ERNIE-4.0-8K', choices: [{ index: 0, delta: { role: 'assistant', content: '你好' }, finish_reason: null }] })]);
    const last = sut.event({ data: JSON.stringify({ id: 'as-1', result: '！', is_end: true, finish_reason: 'length', usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 } }) });
    expect(last.done).toBe(true);
    expect(last.chunks.map((chunk) => (chunk as { choices: unknown[] }).choices)).toEqual([
      [{ index: 0, delta: { content: '！' }, finish_reason: null }],
      [{ index: 0, delta: {}, finish_reason: 'length' }],
      [],
    ]);
    expect(sut.usage()).toMatchObject({ prompt_tokens: 3, completion_tokens: 2 });
    expect(sut.producedText()).toBe('你好！');
  });

  it('fails with the status an error event means, telling the adaptor first', () => {
    const told: UpstreamReplyError[] = [];
    const sut = new QianfanV1StreamTranslator('m', false, (error) => told.push(error));
    const thrown = (() => {
      try {
        sut.event({ data: '{"error_code":110,"error_msg":"Access token invalid or no longer valid"}' });
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toBeInstanceOf(UpstreamReplyError);
    expect(thrown).toMatchObject({ status: 502, codes: '110', message: 'Access token invalid or no longer valid' });
    expect(told).toEqual([thrown]);
  });
});
