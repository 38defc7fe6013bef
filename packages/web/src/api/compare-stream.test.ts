import { afterEach, describe, expect, it, vi } from 'vitest';
import { compareRequestBody, streamCompareChat, type CompareStreamHandlers } from '@/api/compare-stream';
import { jsonResponse } from '@/test/factories';

const request = { model: 'gpt-4o', content: 'hi', params: { temperature: 0.5 }, conversationId: 11, talkingId: 5 };
const handlers = (): CompareStreamHandlers => ({ onMessageId: vi.fn(), onReasoning: vi.fn(), onContent: vi.fn(), onTail: vi.fn() });

afterEach(() => vi.unstubAllGlobals());

describe(streamCompareChat.name, () => {
  it('builds the body with the ids and only the optional fields that are set', () => {
    expect(compareRequestBody({ ...request, lastEditId: 3 })).toEqual({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
      stream_options: { include_usage: true },
      temperature: 0.5,
      conversation_id: 11,
      talking_id: 5,
      last_edit_id: 3,
    });
  });

  it('fails with the status and the JSON error message on a refusal', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ error: { message: '额度不足' } }, 403)));
    await expect(streamCompareChat(request, handlers(), new AbortController().signal)).rejects.toThrow('连接失败: 403 额度不足');
  });

  it('fails when the answer is not an event stream', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ ok: true })));
    await expect(streamCompareChat(request, handlers(), new AbortController().signal)).rejects.toThrow('响应不是事件流');
  });

  it('hands each event to its handler and fails on an error event', async () => {
    const body = [
      'data: {"hr_message_id":9}\n\n',
      'data: {"choices":[{"delta":{"reasoning_content":"r"}}]}\n\n',
      'data: {"choices":[{"delta":{"content":"c"}}]}\n\n',
      'data: {"error":{"message":"坏了"}}\n\n',
    ].join('');
    vi.stubGlobal('fetch', vi.fn(async () => new Response(body, { headers: { 'Content-Type': 'text/event-stream' } })));
    const seen = handlers();
    await expect(streamCompareChat(request, seen, new AbortController().signal)).rejects.toThrow('坏了');
    expect(seen.onMessageId).toHaveBeenCalledWith(9);
    expect(seen.onReasoning).toHaveBeenCalledWith('r');
    expect(seen.onContent).toHaveBeenCalledWith('c');
  });

  it('ends silently when aborted', async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        controller.abort();
        throw Object.assign(new DOMException('aborted', 'AbortError'), { signal: init.signal });
      }),
    );
    await expect(streamCompareChat(request, handlers(), controller.signal)).resolves.toBe('aborted');
  });
});
