import { describe, expect, it } from 'vitest';
import { readChatDeltas, type ChatDelta } from './chat-stream';

const chunk = (delta: Record<string, unknown>) =>
  `data: ${JSON.stringify({ object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`;

/** A body that delivers the given reads one by one, and records whether the reader cancelled it. */
function body(reads: Array<string | Uint8Array>) {
  const encoder = new TextEncoder();
  const state = { cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = reads.shift();
      if (next === undefined) controller.close();
      else controller.enqueue(typeof next === 'string' ? encoder.encode(next) : next);
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

async function collect(stream: ReadableStream<Uint8Array>): Promise<ChatDelta[]> {
  const deltas: ChatDelta[] = [];
  for await (const delta of readChatDeltas(stream)) deltas.push(delta);
  return deltas;
}

describe(readChatDeltas.name, () => {
  it('yields content and reasoning of each chunk and stops at [DONE]', async () => {
    const { stream, state } = body([
      chunk({ role: 'assistant', content: '' }),
      chunk({ reasoning_content: '先想一想' }),
      chunk({ content: '你好' }),
      `data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 3, completion_tokens: 2 } })}\n\n`,
      'data: [DONE]\n\n',
      chunk({ content: 'after done' }),
    ]);
    expect(await collect(stream)).toEqual([
      { content: '', reasoning: '先想一想' },
      { content: '你好', reasoning: '' },
    ]);
    expect(state.cancelled).toBe(true);
  });

  it('reassembles chunks and characters split across reads', async () => {
    const whole = new TextEncoder().encode(chunk({ content: '温度' }) + chunk({ content: '\n第二行' }) + 'data: [DONE]\n\n');
    // Five-byte reads: every run of two or more 3-byte characters has one cut through it.
    const reads: Uint8Array[] = [];
    for (let start = 0; start < whole.length; start += 5) reads.push(whole.slice(start, start + 5));
    const { stream } = body(reads);
    expect((await collect(stream)).map((delta) => delta.content).join('')).toBe('温度\n第二行');
  });

  it('throws the message of an error event, after the text that came before it', async () => {
    const { stream } = body([chunk({ content: 'Hel' }), 'data: {"error":{"message":"上游流式响应意外结束","type":"upstream_error"}}\n\n']);
    const deltas: ChatDelta[] = [];
    await expect(
      (async () => {
        for await (const delta of readChatDeltas(stream)) deltas.push(delta);
      })(),
    ).rejects.toThrow('上游流式响应意外结束');
    expect(deltas).toEqual([{ content: 'Hel', reasoning: '' }]);
  });

  it('ends with the body when no [DONE] comes', async () => {
    const { stream } = body([chunk({ content: 'a' }), chunk({ content: 'b' })]);
    expect(await collect(stream)).toEqual([
      { content: 'a', reasoning: '' },
      { content: 'b', reasoning: '' },
    ]);
  });

  it('refuses data that is not JSON', async () => {
    const { stream } = body(['data: <html>\n\n']);
    await expect(collect(stream)).rejects.toThrow('无法解析的流式响应');
  });
});
