import { describe, expect, it } from 'vitest';
import { responsesToChat } from './responses-to-chat';

describe(responsesToChat.name, () => {
  it('puts the instructions first and a string input as the user’s message', () => {
    expect(responsesToChat({ model: 'm', instructions: 'Be brief.', input: 'Hi', max_output_tokens: 50, temperature: 0.2, top_p: 0.9, store: true, metadata: { a: '1' } })).toEqual({
      model: 'm',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
      ],
      max_tokens: 50,
      temperature: 0.2,
      top_p: 0.9,
    });
  });

  it('converts message items, images and files, function calls (joined to the assistant turn) and their outputs, and drops reasoning items', () => {
    const chat = responsesToChat({
      model: 'm',
      input: [
        { role: 'developer', content: 'Use tools.' },
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Weather here?' }, { type: 'input_image', image_url: 'data:image/png;base64,AAAA', detail: 'low' }] },
        { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'Thinking.' }] },
        { type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Let me check.', annotations: [] }] },
        { type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
        { type: 'function_call', call_id: 'call_2', name: 'get_time', arguments: '{}' },
        { type: 'function_call_output', call_id: 'call_1', output: '18°C' },
        { type: 'function_call_output', call_id: 'call_2', output: [{ type: 'input_text', text: 'noon' }] },
        { role: 'user', content: [{ type: 'input_file', filename: 'a.pdf', file_data: 'data:application/pdf;base64,JVBE' }] },
      ],
    });
    expect(chat.messages).toEqual([
      { role: 'system', content: 'Use tools.' },
      { role: 'user', content: [{ type: 'text', text: 'Weather here?' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA', detail: 'low' } }] },
      {
        role: 'assistant',
        content: 'Let me check.',
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
          { id: 'call_2', type: 'function', function: { name: 'get_time', arguments: '{}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '18°C' },
      { role: 'tool', tool_call_id: 'call_2', content: 'noon' },
      { role: 'user', content: [{ type: 'file', file: { filename: 'a.pdf', file_data: 'data:application/pdf;base64,JVBE' } }] },
    ]);
  });

  it('converts function tools, tool_choice, structured output, reasoning effort and streaming', () => {
    const chat = responsesToChat({
      model: 'm',
      input: 'Hi',
      tools: [{ type: 'function', name: 'f', description: 'does f', parameters: { type: 'object', properties: {} }, strict: true }],
      tool_choice: { type: 'function', name: 'f' },
      parallel_tool_calls: false,
      text: { format: { type: 'json_schema', name: 'answer', schema: { type: 'object' }, strict: true } },
      reasoning: { effort: 'high', summary: 'auto' },
      stream: true,
    });
    expect(chat).toMatchObject({
      tools: [{ type: 'function', function: { name: 'f', description: 'does f', parameters: { type: 'object', properties: {} }, strict: true } }],
      tool_choice: { type: 'function', function: { name: 'f' } },
      parallel_tool_calls: false,
      response_format: { type: 'json_schema', json_schema: { name: 'answer', schema: { type: 'object' }, strict: true } },
      reasoning_effort: 'high',
      stream: true,
    });
  });

  it.each([
    [{ previous_response_id: 'resp_1', input: 'Hi' }, 'previous_response_id'],
    [{ conversation: 'conv_1', input: 'Hi' }, 'conversation'],
    [{ input: 'Hi', tools: [{ type: 'web_search' }] }, 'web_search'],
    [{ input: [{ type: 'item_reference', id: 'msg_1' }] }, 'item_reference'],
    [{ input: [{ role: 'user', content: [{ type: 'input_image', file_id: 'file_1' }] }] }, 'file_id'],
    [{ input: [{ type: 'web_search_call', id: 'ws_1' }] }, 'web_search_call'],
    [{ input: 'Hi', tools: [{ type: 'function', name: 'f' }], tool_choice: { type: 'web_search' } }, 'tool_choice'],
  ])('refuses what chat completions cannot carry with 400 (%j)', (body, named) => {
    expect(() => responsesToChat({ model: 'm', ...body })).toThrow(expect.objectContaining({ status: 400, message: expect.stringContaining(named) }));
  });
});
