import { describe, expect, it } from 'vitest';
import { toCohereRequest } from './cohere-request';

describe(toCohereRequest.name, () => {
  it('maps developer messages to system, and sampling, seed and penalties to Cohere’s names', () => {
    const sut = toCohereRequest(
      { messages: [{ role: 'developer', content: [{ type: 'text', text: 'Rules' }] }, { role: 'user', content: 'hi' }], temperature: 0.3, top_p: 0.8, seed: 7, presence_penalty: 0.1, stop: ['a', 'b'], max_completion_tokens: 20 },
      'command-a',
      true,
    );
    expect(sut).toEqual({
      model: 'command-a',
      stream: true,
      messages: [
        { role: 'system', content: 'Rules' },
        { role: 'user', content: 'hi' },
      ],
      temperature: 0.3,
      p: 0.8,
      seed: 7,
      presence_penalty: 0.1,
      stop_sequences: ['a', 'b'],
      max_tokens: 20,
    });
  });

  it('requires a named tool by offering only that tool', () => {
    const tool = (name: string) => ({ type: 'function', function: { name, parameters: { type: 'object' } } });
    const sut = toCohereRequest({ messages: [], tools: [tool('a'), tool('b')], tool_choice: { type: 'function', function: { name: 'b' } } }, 'm', false);
    expect(sut).toMatchObject({ tools: [tool('b')], tool_choice: 'REQUIRED' });
    expect(toCohereRequest({ messages: [], tools: [tool('a')], tool_choice: 'auto' }, 'm', false)).not.toHaveProperty('tool_choice');
  });

  it('sends a JSON schema response format as Cohere’s json_object with its schema', () => {
    const schema = { type: 'object', properties: { x: { type: 'number' } } };
    expect(toCohereRequest({ messages: [], response_format: { type: 'json_schema', json_schema: { name: 'x', schema } } }, 'm', false).response_format).toEqual({ type: 'json_object', json_schema: schema });
  });
});
