import { afterEach, beforeEach, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { Modal } from '@arco-design/web-react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { arenaModelName, type ArenaLabel, type ArenaVoteView, type ChatMessageView, type ConversationView, type TalkingView } from '@gw/shared';
import { captureMessages } from '@/pages/channel/test-page';
import { useUserStore } from '@/stores/user';
import { jsonResponse, makeUser } from '@/test/factories';
import MultiModelComparePage from './index';

/** Test support for the compare page: a stand-in server with JSON routes and chat streams the test writes into. */
export interface ApiCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

export type Reply = { success: boolean; message: string; data?: unknown };
export type ApiRoute = Reply | ((call: ApiCall) => Reply | Promise<Reply>);
export const ok = (data: unknown = null): Reply => ({ success: true, message: '', data });
export const fail = (message: string): Reply => ({ success: false, message });

/** One POST /v1/chat/completions: its body and the SSE body the test writes. */
export interface StreamCall {
  body: Record<string, unknown>;
  headers: Headers;
  event: (data: unknown) => void;
  close: () => void;
}

const encoder = new TextEncoder();

/** `refuseChats`: every chat call is answered with this status and body (OpenAI's error shape), as the relay refuses before a stream. */
export function fakeServer(routes: Record<string, ApiRoute>, options: { refuseChats?: { status: number; body: unknown } } = {}) {
  const calls: ApiCall[] = [];
  const streams: StreamCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const call: ApiCall = {
        method: init.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      if (call.method === 'POST' && call.path === '/v1/chat/completions' && options.refuseChats) {
        return jsonResponse(options.refuseChats.body, options.refuseChats.status);
      }
      if (call.method === 'POST' && call.path === '/v1/chat/completions') {
        let controller!: ReadableStreamDefaultController<Uint8Array>;
        const stream = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
        init.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
        streams.push({
          body: call.body as Record<string, unknown>,
          headers: new Headers(init.headers),
          event: (data) => controller.enqueue(encoder.encode(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`)),
          close: () => controller.close(),
        });
        return new Response(stream, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
      }
      const route = routes[`${call.method} ${call.path}`];
      if (!route) return jsonResponse({ success: false, message: 'not found' }, 404);
      return jsonResponse(typeof route === 'function' ? await route(call) : route);
    }),
  );
  return { calls, streams };
}

/** Where the page sent the user (pathname and state), shown by the stand-in pages. */
function Elsewhere({ name }: { name: string }) {
  const location = useLocation();
  return <pre aria-label={name}>{JSON.stringify({ path: location.pathname, state: location.state })}</pre>;
}

export function renderCompare(entry: { pathname: string; state?: unknown }) {
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/multi-model-compare" element={<MultiModelComparePage />} />
        <Route path="/multi-model-compare/history/:id" element={<><MultiModelComparePage /><Elsewhere name="地址" /></>} />
        <Route path="/multi-model-chat" element={<Elsewhere name="落地页" />} />
      </Routes>
    </MemoryRouter>,
  );
}

export const where = async (name = '地址') => JSON.parse((await screen.findByLabelText(name)).textContent ?? '{}') as { path: string; state: unknown };

export function makeTalking(id: number, name = `对话${id}`): TalkingView {
  return { id, name, summary: '', mode: 'chat', category: '', revealed: false, created_at: 1, updated_at: 1 };
}

export function makeConversation(id: number, talkingId: number, model: string): ConversationView {
  return { id, talking_id: talkingId, model_name: model, arena_label: '', dialogue_count: 0, created_at: 1, updated_at: 1 };
}

/** An arena battle's talking (issue 33): blind until `revealed`. */
export function makeArenaTalking(id: number, fields: Partial<TalkingView> = {}): TalkingView {
  return { ...makeTalking(id, '模型对战'), mode: 'arena', ...fields };
}

/** A battle's column; its model is named by its place unless `model` says otherwise (revealed). */
export function makeArenaConversation(id: number, talkingId: number, label: ArenaLabel, model = arenaModelName(label)): ConversationView {
  return { ...makeConversation(id, talkingId, model), arena_label: label };
}

/** The reply of POST /relay/v1/arena/vote: the vote, and the battle's columns with their real models. */
export function voteReply(vote: Omit<ArenaVoteView, 'id' | 'created_at'>, conversations: ConversationView[]) {
  return { success: true, message: '投票成功，模型已揭晓', data: { vote: { id: 1, created_at: 1, ...vote }, conversations } };
}

export function makeRow(fields: Partial<ChatMessageView> & Pick<ChatMessageView, 'id' | 'conversation_id'>): ChatMessageView {
  return {
    model_name: 'gpt-4o',
    query: '你好',
    message: '你好',
    answer: '答案',
    thinking: '',
    last_id: null,
    last_edit_id: null,
    round_id: fields.id,
    query_id: fields.id,
    stop_index: null,
    status: 'done',
    error: '',
    quota: 500,
    prompt_tokens: 3,
    completion_tokens: 5,
    first_token_ms: 123,
    duration_ms: 1200,
    created_at: 1,
    updated_at: 1,
    ...fields,
  };
}

/**
 * Every test of the file with a signed-in user and the page's toasts captured (closed after it):
 * `message` finds a toast's text, `area` is where they appear.
 */
export function withPageMessages(): { message: (text: string) => Promise<HTMLElement>; area: () => HTMLElement } {
  let messages: HTMLElement;
  beforeEach(() => {
    messages = captureMessages();
    useUserStore.getState().setUser(makeUser());
  });
  afterEach(() => {
    Modal.destroyAll();
    useUserStore.getState().clearUser();
    messages.remove();
  });
  return { message: (text) => within(messages).findByText(text), area: () => messages };
}
