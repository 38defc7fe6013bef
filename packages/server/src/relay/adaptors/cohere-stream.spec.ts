import { describe, expect, it } from 'vitest';
import { CohereStreamTranslator } from './cohere-stream';

const event = (body: Record<string, unknown>) => ({ event: String(body.type), data: JSON.stringify(body) });

describe(CohereStreamTranslator.name, () => {
  it('sends thinking as reasoning_content and reports no usage for a stream cut before message-end', () => {
    const sut = new CohereStreamTranslator('command-a-reasoning', false);
    sut.event(event({ type: 'message-start', id: 'abc' }));
    const { chunks } = sut.event(event({ type: 'content-delta', index: 0, delta: { message: { content: { thinking: 'Hmm' } } } }));
    expect(chunks).toEqual([expect.objectContaining({ id: 'chatcmpl-abc', choices: [{ index: 0, delta: { role: 'assistant', content: '', reasoning_content: 'Hmm' }, finish_reason: null }] })]);
    expect(sut.usage()).toBeUndefined();
    expect(sut.producedText()).toBe('Hmm');
  });

  it('throws an error that ends the stream before any content, so the relay can try another channel', () => {
    const sut = new CohereStreamTranslator('command-a', false);
    expect(sut.event(event({ type: 'message-start', id: 'abc' })).chunks).toEqual([]);
    expect(() => sut.event(event({ type: 'message-end', delta: { finish_reason: 'ERROR', error: 'model overloaded' } }))).toThrow('model overloaded');
  });

  it('ends on message-end with the finish reason, and hides the usage the client did not ask for', () => {
    const sut = new CohereStreamTranslator('command-a', false);
    const end = sut.event(event({ type: 'message-end', delta: { finish_reason: 'MAX_TOKENS', usage: { tokens: { input_tokens: 3, output_tokens: 4 } } } }));
    expect(end.done).toBe(true);
    expect(end.chunks).toHaveLength(1);
    expect(end.chunks[0]).toMatchObject({ choices: [{ finish_reason: 'length', delta: { role: 'assistant' } }] });
    expect(sut.usage()).toMatchObject({ prompt_tokens: 3, completion_tokens: 4 });
  });
});
