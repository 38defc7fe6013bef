import { describe, expect, it } from 'vitest';
import { OpenAiStreamTranslator } from '../adaptors/openai-stream';
import { ChatToGeminiStream } from './chat-to-gemini-stream';

const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'gpt-x', choices: [{ index: 0, delta, finish_reason: finish }] });

const STREAM = [
  chunk({ role: 'assistant', content: '' }),
  chunk({ reasoning_content: 'Paris.' }),
  chunk({ content: 'Let me check.' }),
  chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '' } }] }),
  chunk({ tool_calls: [{ index: 0, function: { arguments: '{"city"' } }] }),
  chunk({ tool_calls: [{ index: 0, function: { arguments: ':"Paris"}' } }] }),
  chunk({}, 'tool_calls'),
  JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'gpt-x', choices: [], usage: { prompt_tokens: 30, completion_tokens: 12, completion_tokens_details: { reasoning_tokens: 4 } } }),
  '[DONE]',
];

describe(ChatToGeminiStream.name, () => {
  it('sends thoughts and text as they come, and the whole function call with the finish reason and usage last', () => {
    const sut = new ChatToGeminiStream(new OpenAiStreamTranslator(false), { id: 'r1', model: 'fallback', promptTokens: 25 });
    const events: any[] = [];
    let done = false;
    for (const data of STREAM) {
      const result = sut.event({ data });
      events.push(...result.chunks.map((text) => JSON.parse(text)));
      done ||= result.done === true;
    }
    expect(done).toBe(true);
    expect(events.map((event) => event.candidates[0].content.parts)).toEqual([
      [{ text: 'Paris.', thought: true }],
      [{ text: 'Let me check.' }],
      [{ functionCall: { id: 'call_1', name: 'get_weather', args: { city: 'Paris' } } }],
    ]);
    expect(events.at(-1)).toMatchObject({
      candidates: [{ finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 30, candidatesTokenCount: 8, thoughtsTokenCount: 4, totalTokenCount: 42 },
      modelVersion: 'gpt-x',
      responseId: 'r1',
    });
  });

  it('counts the usage when the upstream reports none', () => {
    const sut = new ChatToGeminiStream(new OpenAiStreamTranslator(false), { id: 'r1', model: 'fallback', promptTokens: 25 });
    sut.event({ data: chunk({ content: 'Hello there' }) });
    sut.event({ data: chunk({}, 'length') });
    const last = JSON.parse(sut.event({ data: '[DONE]' }).chunks[0]);
    expect(last.candidates[0].finishReason).toBe('MAX_TOKENS');
    expect(last.usageMetadata.promptTokenCount).toBe(25);
    expect(last.usageMetadata.candidatesTokenCount).toBeGreaterThan(0);
  });
});
