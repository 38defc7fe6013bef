import { describe, expect, it } from 'vitest';
import { OpenAiStreamTranslator } from '../adaptors/openai-stream';
import { chatChunk, OPENAI_STREAM, runNamedStream as run } from './chat-stream.fixture';
import { chatToOutput, requestEcho, responseIds } from './chat-to-responses';
import { ChatToResponsesStream } from './chat-to-responses-stream';

const ids = responseIds('00000000-0000-0000-0000-000000000001');
const RESPONSE = { ids, createdAt: 1700000000, model: 'fallback', echo: requestEcho({ instructions: 'Be brief.', tools: [] }), promptTokens: 25 };

describe(ChatToResponsesStream.name, () => {
  it('writes the Responses API’s exact event sequence, numbered from 0: one output item per run of reasoning, text and tool call, then response.completed with the usage', () => {
    const sut = new ChatToResponsesStream(new OpenAiStreamTranslator(false), RESPONSE);
    const { events, done } = run(sut, OPENAI_STREAM);
    expect(done).toBe(true);
    expect(events.map((event) => event.event)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.reasoning_summary_part.added',
      'response.reasoning_summary_text.delta',
      'response.reasoning_summary_text.delta',
      'response.reasoning_summary_text.done',
      'response.reasoning_summary_part.done',
      'response.output_item.done',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.output_item.added',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(events.map((event) => event.data.sequence_number)).toEqual(events.map((_, index) => index));
    expect(events[0].data.response).toMatchObject({ id: ids.response, object: 'response', created_at: 1700000000, status: 'in_progress', model: 'gpt-x', instructions: 'Be brief.', output: [], usage: null });
    expect(events[16].data).toEqual({
      type: 'response.output_item.added',
      output_index: 2,
      item: { id: ids.call(0), type: 'function_call', status: 'in_progress', call_id: 'call_1', name: 'get_weather', arguments: '' },
      sequence_number: 16,
    });
    expect(events[19].data).toMatchObject({ item_id: ids.call(0), output_index: 2, name: 'get_weather', arguments: '{"city":"Paris"}' });
    expect(events.at(-1)!.data.response).toMatchObject({
      status: 'completed',
      output: [
        { id: ids.reasoning, type: 'reasoning', summary: [{ type: 'summary_text', text: 'Paris, then.' }] },
        { id: ids.message, type: 'message', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: 'Let me check.', annotations: [] }] },
        { id: ids.call(0), type: 'function_call', status: 'completed', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
      ],
      usage: { input_tokens: 30, input_tokens_details: { cached_tokens: 10 }, output_tokens: 12, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 42 },
    });
  });

  it('ends an answer cut by the token limit with response.incomplete, and counts the tokens when the upstream reports none', () => {
    const sut = new ChatToResponsesStream(new OpenAiStreamTranslator(false), RESPONSE);
    const { events } = run(sut, [chatChunk({ content: 'Hel' }), chatChunk({}, 'length'), '[DONE]']);
    const last = events.at(-1)!;
    expect(last.event).toBe('response.incomplete');
    expect(last.data.response).toMatchObject({ status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' }, usage: { input_tokens: 25 } });
    expect(last.data.response.usage.output_tokens).toBeGreaterThan(0);
  });

  it('ends a broken stream with response.failed, numbered after the last event, with the output so far', () => {
    const sut = new ChatToResponsesStream(new OpenAiStreamTranslator(false), RESPONSE);
    const { events } = run(sut, [chatChunk({ content: 'Hel' })]);
    const [failed] = sut.failure('upstream cut').map((event) => ({ event: event.event, data: JSON.parse(event.data) }));
    expect(failed.event).toBe('response.failed');
    expect(failed.data.sequence_number).toBe(events.length);
    expect(failed.data.response).toMatchObject({ status: 'failed', error: { code: 'server_error', message: 'upstream cut' }, output: [{ type: 'message', status: 'in_progress' }] });
  });
});

describe(chatToOutput.name, () => {
  it('turns a chat completion into a reasoning item, a message and function calls', () => {
    const completion = {
      model: 'gpt-x',
      choices: [
        {
          finish_reason: 'tool_calls',
          message: { role: 'assistant', reasoning_content: 'Hmm.', content: 'Checking.', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'f', arguments: '{}' } }] },
        },
      ],
    };
    expect(chatToOutput(completion, ids)).toEqual({
      model: 'gpt-x',
      finish: 'tool_calls',
      output: [
        { id: ids.reasoning, type: 'reasoning', summary: [{ type: 'summary_text', text: 'Hmm.' }] },
        { id: ids.message, type: 'message', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: 'Checking.', annotations: [], logprobs: [] }] },
        { id: ids.call(0), type: 'function_call', status: 'completed', call_id: 'call_1', name: 'f', arguments: '{}' },
      ],
    });
  });
});
