import { describe, expect, it } from 'vitest';
import { finishReasonOf, toChatCompletion, usageFromGemini } from './gemini-response';
import type { GeminiResponse } from './gemini-types';

/** A gemini-2.5-flash reply with includeThoughts, as the API returns it. */
const THINKING_REPLY: GeminiResponse = JSON.parse(`{
  "candidates": [
    {
      "content": {
        "parts": [
          { "text": "**Recalling the capital**\\n\\nThe user asks for the capital of France, which is Paris.", "thought": true },
          { "text": "The capital of France is " },
          { "text": "Paris." }
        ],
        "role": "model"
      },
      "finishReason": "STOP",
      "index": 0
    }
  ],
  "usageMetadata": {
    "promptTokenCount": 8,
    "candidatesTokenCount": 7,
    "totalTokenCount": 77,
    "promptTokensDetails": [{ "modality": "TEXT", "tokenCount": 8 }],
    "thoughtsTokenCount": 62
  },
  "modelVersion": "gemini-2.5-flash",
  "responseId": "8W1saLHrC9jZ1e8Px7aM4Ac"
}`);

/** A function call reply (gemini-2.5-flash attaches a thought signature to the call). */
const TOOL_REPLY: GeminiResponse = JSON.parse(`{
  "candidates": [
    {
      "content": {
        "parts": [
          { "functionCall": { "name": "get_weather", "args": { "city": "Paris" } }, "thoughtSignature": "CiQBVKhc7vXo" },
          { "functionCall": { "name": "get_weather", "args": { "city": "Rome" } } }
        ],
        "role": "model"
      },
      "finishReason": "STOP",
      "index": 0
    }
  ],
  "usageMetadata": { "promptTokenCount": 61, "candidatesTokenCount": 30, "totalTokenCount": 91 },
  "modelVersion": "gemini-2.5-flash",
  "responseId": "Q3BsaK2aFYyH1e8P"
}`);

describe(toChatCompletion.name, () => {
  it('joins the answer text, keeps the thoughts apart and reports thinking as completion tokens', () => {
    const sut = toChatCompletion(THINKING_REPLY, 'fallback');
    expect(sut.model).toBe('gemini-2.5-flash');
    expect(sut.completion).toMatchObject({
      id: 'chatcmpl-8W1saLHrC9jZ1e8Px7aM4Ac',
      object: 'chat.completion',
      model: 'gemini-2.5-flash',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: 'The capital of France is Paris.',
            reasoning_content: '**Recalling the capital**\n\nThe user asks for the capital of France, which is Paris.',
          },
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 8, completion_tokens: 69, total_tokens: 77, completion_tokens_details: { reasoning_tokens: 62 } },
    });
    expect(sut.usage).toEqual({ prompt_tokens: 8, completion_tokens: 69, reasoning_tokens: 62, cache_read_tokens: 0, cache_creation_tokens: 0, prompt_audio_tokens: 0, cache_creation_1h_tokens: 0, prompt_image_tokens: 0, completion_audio_tokens: 0, completion_image_tokens: 0 });
  });

  it('turns function calls into tool_calls, with their thought signatures, a null content and finish reason tool_calls', () => {
    const { completion } = toChatCompletion(TOOL_REPLY, 'fallback');
    const [choice] = completion.choices as Array<{ message: { content: unknown; tool_calls: Array<{ id: string; type: string; function: unknown; extra_content?: unknown }> }; finish_reason: string }>;
    expect(choice.finish_reason).toBe('tool_calls');
    expect(choice.message.content).toBeNull();
    expect(choice.message.tool_calls.map((call) => call.function)).toEqual([
      { name: 'get_weather', arguments: '{"city":"Paris"}' },
      { name: 'get_weather', arguments: '{"city":"Rome"}' },
    ]);
    expect(choice.message.tool_calls[0].id).toMatch(/^call_\w+$/);
    expect(choice.message.tool_calls[0].extra_content).toEqual({ google: { thought_signature: 'CiQBVKhc7vXo' } });
    expect(choice.message.tool_calls[1]).not.toHaveProperty('extra_content');
    expect(choice.message.tool_calls[0].id).not.toBe(choice.message.tool_calls[1].id);
  });

  it('answers a blocked prompt as an empty filtered reply', () => {
    const { completion, usage } = toChatCompletion({ promptFeedback: { blockReason: 'PROHIBITED_CONTENT' }, usageMetadata: { promptTokenCount: 12, totalTokenCount: 12 } }, 'gemini-2.0-flash');
    expect(completion).toMatchObject({ model: 'gemini-2.0-flash', choices: [{ index: 0, message: { role: 'assistant', content: '' }, finish_reason: 'content_filter' }] });
    expect(usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 0 });
  });

  it('refuses a reply with neither candidates nor a block reason', () => {
    expect(() => toChatCompletion({ usageMetadata: { promptTokenCount: 3 } }, 'x')).toThrow();
  });
});

describe(finishReasonOf.name, () => {
  it.each([
    ['STOP', false, 'stop'],
    ['STOP', true, 'tool_calls'],
    ['MAX_TOKENS', false, 'length'],
    ['MAX_TOKENS', true, 'length'],
    ['SAFETY', false, 'content_filter'],
    ['RECITATION', false, 'content_filter'],
    ['PROHIBITED_CONTENT', false, 'content_filter'],
    ['MALFORMED_FUNCTION_CALL', false, 'stop'],
  ])('%s (tools called: %s) → %s', (reason, calledTools, expected) => {
    expect(finishReasonOf(reason, calledTools)).toBe(expected);
  });
});

describe(usageFromGemini.name, () => {
  it('counts cached content as cache reads inside the prompt', () => {
    expect(usageFromGemini({ promptTokenCount: 2048, cachedContentTokenCount: 1536, candidatesTokenCount: 40, totalTokenCount: 2088 })).toEqual({
      prompt_tokens: 2048,
      completion_tokens: 40,
      cache_read_tokens: 1536,
      cache_creation_tokens: 0,
      cache_creation_1h_tokens: 0,
      reasoning_tokens: 0,
      prompt_audio_tokens: 0,
      prompt_image_tokens: 0,
      completion_audio_tokens: 0,
      completion_image_tokens: 0,
    });
  });

  it('adds the tool-use prompt to the prompt, and takes audio and image prompt tokens without their cached share', () => {
    const meta = {
      promptTokenCount: 1000,
      toolUsePromptTokenCount: 160,
      cachedContentTokenCount: 400,
      candidatesTokenCount: 90,
      thoughtsTokenCount: 10,
      promptTokensDetails: [
        { modality: 'TEXT', tokenCount: 300 },
        { modality: 'AUDIO', tokenCount: 500 },
        { modality: 'IMAGE', tokenCount: 200 },
      ],
      cacheTokensDetails: [
        { modality: 'AUDIO', tokenCount: 300 },
        { modality: 'TEXT', tokenCount: 100 },
      ],
      candidatesTokensDetails: [{ modality: 'AUDIO', tokenCount: 90 }],
    };
    expect(usageFromGemini(meta)).toEqual({
      prompt_tokens: 1160,
      completion_tokens: 100,
      cache_read_tokens: 400,
      cache_creation_tokens: 0,
      cache_creation_1h_tokens: 0,
      reasoning_tokens: 10,
      prompt_audio_tokens: 200,
      prompt_image_tokens: 200,
      completion_audio_tokens: 90,
      completion_image_tokens: 0,
    });
  });

  it('takes the image among the candidates as image completion tokens, and adds the thoughts beside the candidates once (gemini-2.5-flash-image)', () => {
    const meta = {
      promptTokenCount: 10,
      candidatesTokenCount: 1300,
      thoughtsTokenCount: 20,
      totalTokenCount: 1330,
      candidatesTokensDetails: [
        { modality: 'TEXT', tokenCount: 10 },
        { modality: 'IMAGE', tokenCount: 1290 },
      ],
    };
    expect(usageFromGemini(meta)).toMatchObject({ prompt_tokens: 10, completion_tokens: 1320, reasoning_tokens: 20, completion_image_tokens: 1290, completion_audio_tokens: 0 });
  });

  it('reports nothing when there is nothing to bill', () => {
    expect(usageFromGemini(undefined)).toBeUndefined();
    expect(usageFromGemini({ totalTokenCount: 0 })).toBeUndefined();
  });
});
