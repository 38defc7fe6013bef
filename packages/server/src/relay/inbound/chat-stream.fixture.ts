import type { NamedEvent, StreamTranslator } from '../adaptors/adaptor';

/** One OpenAI chat.completion.chunk as the upstream sends it. */
export const chatChunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'gpt-x', choices: [{ index: 0, delta, finish_reason: finish }] });

/** An OpenAI stream with reasoning, text and a tool call in pieces, then the usage chunk and [DONE]. */
export const OPENAI_STREAM = [
  chatChunk({ role: 'assistant', content: '' }),
  chatChunk({ reasoning_content: 'Paris' }),
  chatChunk({ reasoning_content: ', then.' }),
  chatChunk({ content: 'Let me' }),
  chatChunk({ content: ' check.' }),
  chatChunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '' } }] }),
  chatChunk({ tool_calls: [{ index: 0, function: { arguments: '{"city"' } }] }),
  chatChunk({ tool_calls: [{ index: 0, function: { arguments: ':"Paris"}' } }] }),
  chatChunk({}, 'tool_calls'),
  JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'gpt-x', choices: [], usage: { prompt_tokens: 30, completion_tokens: 12, prompt_tokens_details: { cached_tokens: 10 } } }),
  '[DONE]',
];

/** Feeds upstream SSE data to a translator of named events; returns the events with their data parsed, and whether it ended. */
export function runNamedStream(sut: StreamTranslator<NamedEvent>, datas: string[]): { events: Array<{ event: string; data: Record<string, any> }>; done: boolean } {
  const events: NamedEvent[] = [];
  let done = false;
  for (const data of datas) {
    const result = sut.event({ data });
    events.push(...result.chunks);
    done ||= result.done === true;
  }
  return { events: events.map((event) => ({ event: event.event, data: JSON.parse(event.data) })), done };
}
