import { describe, expect, it } from 'vitest';
import { ChatCapture } from './chat-capture';

const chunk = (delta: object) => ({ id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: null }] });

describe('ChatCapture', () => {
  it('announces the message before the first chunk only, and writes OpenAI data lines', () => {
    const capture = new ChatCapture(42);
    const first = capture.encode(chunk({ role: 'assistant', content: '' }));
    expect(first).toBe(`data: {"hr_message_id":42}\n\ndata: ${JSON.stringify(chunk({ role: 'assistant', content: '' }))}\n\n`);
    expect(capture.encode(chunk({ content: 'Hi' }))).toBe(`data: ${JSON.stringify(chunk({ content: 'Hi' }))}\n\n`);
    expect(capture.end).toBe('');
  });

  it('keeps the answer and the reasoning, from objects and from raw JSON text', () => {
    const capture = new ChatCapture(1);
    capture.encode(chunk({ reasoning_content: 'Think' }));
    capture.encode(JSON.stringify(chunk({ reasoning: 'ing.' })));
    capture.encode(chunk({ content: 'Hello' }));
    capture.encode(JSON.stringify(chunk({ content: ' world' })));
    capture.encode({ id: 'c', choices: [], usage: { prompt_tokens: 1 } });
    capture.encode('not json');
    expect(capture.answer).toBe('Hello world');
    expect(capture.thinking).toBe('Thinking.');
  });

  it('remembers an error event that ended the stream', () => {
    const capture = new ChatCapture(1);
    expect(capture.error('上游流式响应中断')).toContain('上游流式响应中断');
    expect(capture.streamError).toBe('上游流式响应中断');
  });
});
