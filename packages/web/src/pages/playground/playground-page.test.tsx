import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Message } from '@arco-design/web-react';
import type { ChatCompletionRequest } from '@/api/playground';
import { useUserStore } from '@/stores/user';
import { jsonResponse, makeUser } from '@/test/factories';
import PlaygroundPage from './index';

/** A chat call the page made, with the SSE body the test writes into as the "server". */
interface ChatCall {
  body: ChatCompletionRequest;
  headers: Headers;
  signal: AbortSignal;
  credentials?: RequestCredentials;
  push: (text: string | Uint8Array) => void;
  close: () => void;
}

const encoder = new TextEncoder();
const chunk = (delta: Record<string, unknown>) => `data: ${JSON.stringify({ object: 'chat.completion.chunk', choices: [{ index: 0, delta }] })}\n\n`;

/**
 * Stands in for the server: GET /api/user/models answers `models`; POST /pg/chat/completions
 * answers `chatReply` when given, otherwise an open SSE stream that, like a real fetch body,
 * errors with an AbortError when the request's signal aborts.
 */
function fakeServer(models: string[], chatReply?: Response) {
  const chats: ChatCall[] = [];
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      paths.push(`${init.method ?? 'GET'} ${input}`);
      if (input === '/api/user/models') return jsonResponse({ success: true, message: '', data: models });
      if (input !== '/pg/chat/completions') return jsonResponse({ success: false, message: 'not found' }, 404);
      if (chatReply) return chatReply;
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const stream = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
      const signal = init.signal as AbortSignal;
      signal.addEventListener('abort', () => controller.error(new DOMException('The user aborted a request.', 'AbortError')));
      chats.push({
        body: JSON.parse(String(init.body)) as ChatCompletionRequest,
        headers: new Headers(init.headers),
        signal,
        credentials: init.credentials,
        push: (text) => controller.enqueue(typeof text === 'string' ? encoder.encode(text) : text),
        close: () => controller.close(),
      });
      return new Response(stream, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    }),
  );
  return { chats, paths };
}

let messages: HTMLElement;

beforeEach(() => {
  messages = document.createElement('div');
  document.body.appendChild(messages);
  Message.config({ getContainer: () => messages, duration: 0 });
  useUserStore.getState().setUser(makeUser());
});

afterEach(() => {
  useUserStore.getState().clearUser();
  vi.unstubAllGlobals();
  messages.remove();
});

async function renderPage(model = 'gpt-4o-mini') {
  const user = userEvent.setup({ delay: null });
  render(<PlaygroundPage />);
  expect(screen.getByText('操练场')).toBeTruthy();
  await screen.findByText(model, { selector: '.arco-select-view-value' });
  return user;
}

const input = () => screen.getByLabelText('消息') as HTMLTextAreaElement;
const answers = () => screen.queryAllByTestId('turn-assistant');
const lastAnswer = () => answers().at(-1) as HTMLElement;

describe('sending a message', () => {
  it('posts model, temperature, stream and the system prompt, and streams the answer in', async () => {
    const { chats } = fakeServer(['gpt-4o', 'gpt-4o-mini']);
    const user = await renderPage();
    await user.type(screen.getByLabelText('系统提示词'), '你是一个简洁的助手');
    await user.type(input(), '你好{Enter}');

    await waitFor(() => expect(chats).toHaveLength(1));
    const [chat] = chats;
    expect(chat.body).toEqual({
      model: 'gpt-4o-mini',
      temperature: 0.7,
      stream: true,
      messages: [
        { role: 'system', content: '你是一个简洁的助手' },
        { role: 'user', content: '你好' },
      ],
    });
    expect(chat.headers.get('New-Api-User')).toBe('7');
    expect(chat.credentials).toBe('same-origin');
    expect(input().value).toBe('');
    expect(within(screen.getByTestId('turn-user')).getByText('你好')).toBeTruthy();

    chat.push(chunk({ role: 'assistant', content: '' }) + chunk({ reasoning_content: '用户在打招呼' }));
    chat.push(chunk({ content: '第一行' }));
    await waitFor(() => expect(lastAnswer().textContent).toContain('第一行'));
    expect(within(lastAnswer()).getByText('思考过程')).toBeTruthy();
    expect(within(lastAnswer()).getByText('用户在打招呼')).toBeTruthy();
    expect(screen.getByRole('button', { name: /停止/ })).toBeTruthy();

    // The next chunk arrives in two reads cut inside 第 (3 bytes in UTF-8).
    const rest = encoder.encode(chunk({ content: '\n第二行 <img src=x onerror=alert(1)>' }) + 'data: [DONE]\n\n');
    const cutAt = rest.indexOf(0xe7) + 1;
    chat.push(rest.slice(0, cutAt));
    chat.push(rest.slice(cutAt));

    await screen.findByRole('button', { name: /发送/ });
    const text = lastAnswer().querySelector('.playground-content') as HTMLElement;
    expect(text.textContent).toBe('第一行\n第二行 <img src=x onerror=alert(1)>');
    expect(lastAnswer().querySelector('img')).toBeNull();
    expect(within(messages).queryByText(/错误/)).toBeNull();
  });

  it('sends the conversation so far with the next message; Shift+Enter only starts a new line', async () => {
    const { chats } = fakeServer(['gpt-4o', 'claude-3']);
    const user = await renderPage('gpt-4o');
    await user.type(input(), '一加一{Enter}');
    await waitFor(() => expect(chats).toHaveLength(1));
    chats[0].push(chunk({ content: '二' }) + 'data: [DONE]\n\n');
    await screen.findByRole('button', { name: /发送/ });

    await user.type(input(), '再加一{Shift>}{Enter}{/Shift}呢');
    expect(chats).toHaveLength(1);
    expect(input().value).toBe('再加一\n呢');
    await user.click(screen.getByRole('button', { name: /发送/ }));

    await waitFor(() => expect(chats).toHaveLength(2));
    expect(chats[1].body).toEqual({
      model: 'gpt-4o',
      temperature: 0.7,
      stream: true,
      messages: [
        { role: 'user', content: '一加一' },
        { role: 'assistant', content: '二' },
        { role: 'user', content: '再加一\n呢' },
      ],
    });
  });

  it('clears the conversation', async () => {
    const { chats } = fakeServer(['gpt-4o-mini']);
    const user = await renderPage();
    await user.type(input(), '你好{Enter}');
    await waitFor(() => expect(chats).toHaveLength(1));
    chats[0].push(chunk({ content: '你好！' }) + 'data: [DONE]\n\n');
    await screen.findByText('你好！');

    await user.click(screen.getByRole('button', { name: /清空对话/ }));
    expect(screen.queryByText('你好！')).toBeNull();
    expect(screen.getByText('选择模型，输入消息开始对话')).toBeTruthy();
  });
});

describe('stopping', () => {
  it('aborts the request and keeps what arrived', async () => {
    const { chats } = fakeServer(['gpt-4o-mini']);
    const user = await renderPage();
    await user.type(input(), '写一首长诗{Enter}');
    await waitFor(() => expect(chats).toHaveLength(1));
    chats[0].push(chunk({ content: '床前明月光' }));
    await waitFor(() => expect(lastAnswer().textContent).toContain('床前明月光'));

    await user.click(screen.getByRole('button', { name: /停止/ }));

    expect(chats[0].signal.aborted).toBe(true);
    expect(await within(lastAnswer()).findByText('已停止生成')).toBeTruthy();
    expect(lastAnswer().textContent).toContain('床前明月光');
    expect(screen.getByRole('button', { name: /发送/ })).toBeTruthy();
    expect(within(messages).queryByText(/错误/)).toBeNull();
  });
});

describe('errors', () => {
  it('shows the server message of a 403 in a message and in the bubble, without a token refetch', async () => {
    const refusal = jsonResponse({ error: { message: '没有可用的令牌，请先在令牌页面创建一个', type: 'invalid_request_error', code: 'no_token' } }, 403);
    const { paths } = fakeServer(['gpt-4o-mini'], refusal);
    const user = await renderPage();
    await user.type(input(), '你好{Enter}');

    const shown = '错误：没有可用的令牌，请先在令牌页面创建一个';
    expect(await within(messages).findByText(shown)).toBeTruthy();
    expect(within(lastAnswer()).getByText(shown)).toBeTruthy();
    expect(screen.getByRole('button', { name: /发送/ })).toBeTruthy();
    expect(paths).toEqual(['GET /api/user/models', 'POST /pg/chat/completions']);
  });

  it('shows an error event that ends the stream, after the text that came before it', async () => {
    const { chats } = fakeServer(['gpt-4o-mini']);
    const user = await renderPage();
    await user.type(input(), '你好{Enter}');
    await waitFor(() => expect(chats).toHaveLength(1));
    chats[0].push(chunk({ content: 'Hel' }) + 'data: {"error":{"message":"上游流式响应意外结束","type":"upstream_error","code":null}}\n\n');
    chats[0].close();

    const shown = '错误：上游流式响应意外结束';
    expect(await within(messages).findByText(shown)).toBeTruthy();
    expect(within(lastAnswer()).getByText(shown)).toBeTruthy();
    expect(within(lastAnswer()).getByText('Hel')).toBeTruthy();
  });
});
