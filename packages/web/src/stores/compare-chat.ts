import { create } from 'zustand';
import { Message } from '@arco-design/web-react';
import {
  MSG_CHAT_ALL_LOADED,
  MSG_CHAT_ALL_STOPPED,
  MSG_CHAT_EDIT_EMPTY,
  MSG_CHAT_LOAD_HISTORY_FAILED,
  MSG_CHAT_REGENERATE_NO_ID,
  MSG_CHAT_SESSION_NOT_FOUND,
  MSG_CHAT_STOP_FAILED,
  textOfContent,
  type ChatMessageView,
  type ChatUserContent,
  type ConversationHistory,
  type ConversationView,
  type ModelParams,
} from '@gw/shared';
import { streamCompareChat, type CompareStreamFn, type CompareStreamRequest } from '@/api/compare-stream';
import { getConversationHistory, stopMessage } from '@/api/talkings';
import { buildRounds, nextKey, withoutResponse, type AnswerTarget, type ChatResponse, type Round, type SessionVariant } from './compare-chat/rounds';

export { buildRounds, type ChatResponse, type Round, type SessionVariant, type UserVariant } from './compare-chat/rounds';

/** One model's column (spec 3 §3 Chat session). */
export interface ChatSession {
  /** session_{index}_{modelName}, kept when the column switches model so its rounds stay its own. */
  id: string;
  modelName: string;
  params: ModelParams;
  enableThinking?: boolean;
  conversationId: number;
  talkingId: number;
  /** Its place in an arena battle (A, B, C); '' in a plain compare chat. */
  arenaLabel: string;
  /** Sent, nothing received yet. */
  isLoading: boolean;
  /** Receiving the reasoning. */
  isReasoning: boolean;
  /** Receiving the answer. */
  isStreaming: boolean;
  isFinished: boolean;
  isRegenerating: boolean;
  isEditing: boolean;
  isStop: boolean;
  currentResponse: string;
  currentReasoning: string;
  /** The stored row of the answer under way (hr_message_id). */
  currentMessageId: number | null;
  error: string;
  /** Earlier rounds exist on the server, before `cursor`. */
  hasMore: boolean;
  cursor: number | null;
}

export interface NewSession {
  modelName: string;
  params: ModelParams;
  enableThinking?: boolean;
  conversationId: number;
  talkingId: number;
  arenaLabel?: string;
}

/** What the store calls outside itself; tests replace the stream with a fake. */
export interface CompareChatDeps {
  stream: CompareStreamFn;
  stopMessage: (messageId: number, stopIndex: number) => Promise<void>;
  history: (conversationId: number, cursor: number | null) => Promise<ConversationHistory>;
  notify: { info(text: string): void; success(text: string): void; error(text: string): void };
}

const defaultDeps: CompareChatDeps = {
  stream: streamCompareChat,
  stopMessage,
  history: (id, cursor) => getConversationHistory(id, cursor),
  notify: { info: (text) => Message.info(text), success: (text) => Message.success(text), error: (text) => Message.error(text) },
};

interface CompareChatState {
  sessions: ChatSession[];
  rounds: Round[];
  loadingEarlier: boolean;
  /** MSG_CHAT_ALL_LOADED was shown: scrolling to the top again says nothing more. */
  allLoaded: boolean;
  deps: CompareChatDeps;
  setDeps(deps: Partial<CompareChatDeps>): void;
  /** Starts over with these columns and no rounds (aborting whatever streams). */
  init(sessions: NewSession[]): void;
  /** Fills the rounds from each conversation's latest history page. */
  loadLatest(): Promise<void>;
  /** Loads the page before the loaded rounds of every column that has one. */
  loadEarlier(): Promise<void>;
  /** Asks every column; resolves when every stream ended. */
  send(content: ChatUserContent): Promise<void>;
  regenerate(sessionId: string, roundKey: string): Promise<void>;
  edit(roundKey: string, text: string): Promise<void>;
  stopAll(): Promise<void>;
  setUserIndex(roundKey: string, index: number): void;
  setResponseIndex(roundKey: string, sessionId: string, index: number): void;
  setParams(sessionId: string, params: ModelParams): void;
  setModel(sessionId: string, modelName: string): void;
  /** An arena battle was voted: each column shows its conversation's real model. */
  reveal(conversations: ConversationView[]): void;
  removeSession(sessionId: string): void;
  reset(): void;
}

const idle = {
  isLoading: false,
  isReasoning: false,
  isStreaming: false,
  isFinished: false,
  isRegenerating: false,
  isEditing: false,
  isStop: false,
  currentResponse: '',
  currentReasoning: '',
  currentMessageId: null,
  error: '',
};

/** The streams under way, by session id (not state: nothing renders them). */
const controllers = new Map<string, AbortController>();

export const isBusy = (session: ChatSession) => session.isLoading || session.isReasoning || session.isStreaming;

type Set = (fn: (state: CompareChatState) => Partial<CompareChatState>) => void;

function patchVariant(rounds: Round[], roundKey: string, variantIndex: number, sessionId: string, fn: (variant: SessionVariant) => SessionVariant): Round[] {
  return rounds.map((round) => {
    if (round.key !== roundKey) return round;
    const variants = round.variants.map((variant, index) => {
      if (index !== variantIndex) return variant;
      const current = variant.bySession[sessionId] ?? { queryId: null, responses: [], responseIndex: 0 };
      return { ...variant, bySession: { ...variant.bySession, [sessionId]: fn(current) } };
    });
    return { ...round, variants };
  });
}

function patchResponse(rounds: Round[], target: AnswerTarget, patch: Partial<ChatResponse>): Round[] {
  return patchVariant(rounds, target.roundKey, target.variantIndex, target.sessionId, (variant) => ({
    ...variant,
    responses: variant.responses.map((response) => (response.key === target.responseKey ? { ...response, ...patch } : response)),
  }));
}

const patchSession = (sessions: ChatSession[], id: string, patch: Partial<ChatSession>) =>
  sessions.map((session) => (session.id === id ? { ...session, ...patch } : session));

const moveToEnd = (rounds: Round[], key: string) => [...rounds.filter((round) => round.key !== key), ...rounds.filter((round) => round.key === key)];

const emptyResponse = (): ChatResponse => ({ key: nextKey('a'), messageId: null, content: '', reasoning: '', status: 'streaming', error: '', stored: null });

/**
 * Runs one column's stream into its response: loading → (reasoning) → streaming → finished, or
 * stopped (the abort of stopAll, which marks the rest) or error (this column only).
 */
async function runStream(set: Set, get: () => CompareChatState, target: AnswerTarget, request: CompareStreamRequest, isNewQuery: boolean): Promise<void> {
  const controller = new AbortController();
  controllers.get(target.sessionId)?.abort();
  controllers.set(target.sessionId, controller);
  const session = (patch: Partial<ChatSession>) => set((state) => ({ sessions: patchSession(state.sessions, target.sessionId, patch) }));
  const current = () => get().sessions.find((item) => item.id === target.sessionId);
  const respond = (patch: Partial<ChatResponse>) => set((state) => ({ rounds: patchResponse(state.rounds, target, patch) }));
  /** The server named the answer's row (its head event): from then on the answer is stored, failed or not. */
  let named = false;
  try {
    const end = await get().deps.stream(
      request,
      {
        onMessageId: (id) => {
          named = true;
          session({ currentMessageId: id });
          respond({ messageId: id });
          // A new query (send or edit) is its own variant's first row.
          if (isNewQuery) {
            set((state) => ({
              rounds: patchVariant(state.rounds, target.roundKey, target.variantIndex, target.sessionId, (variant) => ({ ...variant, queryId: variant.queryId ?? id })),
            }));
          }
        },
        onReasoning: (text) => {
          const reasoning = (current()?.currentReasoning ?? '') + text;
          session({ isLoading: false, isReasoning: true, currentReasoning: reasoning });
          respond({ reasoning });
        },
        onContent: (text) => {
          const content = (current()?.currentResponse ?? '') + text;
          session({ isLoading: false, isReasoning: false, isStreaming: true, currentResponse: content });
          respond({ content });
        },
        onTail: (message: ChatMessageView) => respond({ stored: message, messageId: message.id }),
      },
      controller.signal,
    );
    if (end === 'aborted') return; // stopAll marks the response stopped
    respond({ status: 'done' });
    session({ ...idle, isFinished: true, currentMessageId: current()?.currentMessageId ?? null });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (named) {
      // Shown once, in its answer.
      respond({ status: 'error', error: message });
      session({ ...idle, isFinished: true });
    } else {
      // Refused before the stream (no quota, no channel…): the server kept no row, so neither do the
      // rounds; the column's head says why, once.
      set((state) => ({ rounds: withoutResponse(state.rounds, target) }));
      session({ ...idle, isFinished: true, error: message });
    }
  } finally {
    if (controllers.get(target.sessionId) === controller) controllers.delete(target.sessionId);
  }
}

function requestOf(session: ChatSession, content: ChatUserContent, extra: Partial<CompareStreamRequest> = {}): CompareStreamRequest {
  return {
    // A battle's column answers with its own model whatever is named: its place name would only be noise.
    model: session.arenaLabel ? undefined : session.modelName,
    content,
    params: session.params,
    enableThinking: session.enableThinking,
    conversationId: session.conversationId,
    talkingId: session.talkingId,
    ...extra,
  };
}

/** The edited text with the original message's images. */
function editedContent(original: ChatUserContent, text: string): ChatUserContent {
  if (typeof original === 'string') return text;
  const images = original.filter((part) => part.type === 'image_url');
  return images.length ? [{ type: 'text', text }, ...images] : text;
}

export const useCompareChatStore = create<CompareChatState>((set, get) => ({
  sessions: [],
  rounds: [],
  loadingEarlier: false,
  allLoaded: false,
  deps: defaultDeps,

  setDeps: (deps) => set((state) => ({ deps: { ...state.deps, ...deps } })),

  init: (sessions) => {
    for (const controller of controllers.values()) controller.abort();
    controllers.clear();
    set({
      rounds: [],
      loadingEarlier: false,
      allLoaded: false,
      sessions: sessions.map((item, index) => ({ ...idle, ...item, arenaLabel: item.arenaLabel ?? '', id: `session_${index}_${item.modelName}`, hasMore: false, cursor: null })),
    });
  },

  loadLatest: async () => {
    const sessions = get().sessions;
    const pages = await Promise.all(sessions.map((session) => get().deps.history(session.conversationId, null)));
    const rows: Record<string, ChatMessageView[]> = {};
    sessions.forEach((session, index) => (rows[session.id] = pages[index].messages));
    set((state) => ({
      rounds: buildRounds(rows),
      sessions: state.sessions.map((session) => {
        const index = sessions.findIndex((item) => item.id === session.id);
        return index < 0 ? session : { ...session, hasMore: pages[index].has_more, cursor: pages[index].next_cursor };
      }),
    }));
  },

  loadEarlier: async () => {
    const { sessions, loadingEarlier, deps } = get();
    if (loadingEarlier) return;
    const pending = sessions.filter((session) => session.hasMore && session.cursor !== null);
    if (pending.length === 0) {
      if (!get().allLoaded) deps.notify.info(MSG_CHAT_ALL_LOADED);
      set({ allLoaded: true });
      return;
    }
    set({ loadingEarlier: true });
    try {
      const pages = await Promise.all(pending.map((session) => deps.history(session.conversationId, session.cursor)));
      const rows: Record<string, ChatMessageView[]> = {};
      pending.forEach((session, index) => (rows[session.id] = pages[index].messages));
      set((state) => ({
        rounds: [...buildRounds(rows), ...state.rounds],
        sessions: state.sessions.map((session) => {
          const index = pending.findIndex((item) => item.id === session.id);
          return index < 0 ? session : { ...session, hasMore: pages[index].has_more, cursor: pages[index].next_cursor };
        }),
      }));
      if (pages.every((page) => !page.has_more)) {
        deps.notify.info(MSG_CHAT_ALL_LOADED);
        set({ allLoaded: true });
      }
    } catch {
      deps.notify.error(MSG_CHAT_LOAD_HISTORY_FAILED);
    } finally {
      set({ loadingEarlier: false });
    }
  },

  send: async (content) => {
    const sessions = get().sessions;
    const roundKey = nextKey('r');
    const targets = sessions.map((session) => ({ roundKey, variantIndex: 0, sessionId: session.id, responseKey: '' }));
    const bySession: Record<string, SessionVariant> = {};
    targets.forEach((target) => {
      const response = emptyResponse();
      target.responseKey = response.key;
      bySession[target.sessionId] = { queryId: null, responses: [response], responseIndex: 0 };
    });
    set((state) => ({
      rounds: [...state.rounds, { key: roundKey, variants: [{ content, bySession }], userIndex: 0 }],
      sessions: state.sessions.map((session) => ({ ...session, ...idle, isLoading: true })),
    }));
    await Promise.all(sessions.map((session, index) => runStream(set, get, targets[index], requestOf(session, content), true)));
  },

  regenerate: async (sessionId, roundKey) => {
    const session = get().sessions.find((item) => item.id === sessionId);
    const round = get().rounds.find((item) => item.key === roundKey);
    if (!session || !round) throw new Error(MSG_CHAT_SESSION_NOT_FOUND);
    const variantIndex = round.userIndex;
    const variant = round.variants[variantIndex];
    const side = variant.bySession[sessionId];
    const shown = side?.responses[side.responseIndex];
    const lastId = shown?.messageId ?? side?.queryId ?? null;
    if (lastId === null) throw new Error(MSG_CHAT_REGENERATE_NO_ID);
    const response = emptyResponse();
    set((state) => ({
      rounds: moveToEnd(
        patchVariant(state.rounds, roundKey, variantIndex, sessionId, (current) => ({
          ...current,
          responses: [...current.responses, response],
          responseIndex: current.responses.length,
        })),
        roundKey,
      ),
      sessions: patchSession(state.sessions, sessionId, { ...idle, isLoading: true, isRegenerating: true }),
    }));
    const target = { roundKey, variantIndex, sessionId, responseKey: response.key };
    await runStream(set, get, target, requestOf(session, variant.content, { lastId }), false);
    set((state) => ({ sessions: patchSession(state.sessions, sessionId, { isRegenerating: false }) }));
  },

  edit: async (roundKey, text) => {
    if (!text.trim()) throw new Error(MSG_CHAT_EDIT_EMPTY);
    const round = get().rounds.find((item) => item.key === roundKey);
    if (!round) throw new Error(MSG_CHAT_SESSION_NOT_FOUND);
    const shownVariant = round.variants[round.userIndex];
    const content = editedContent(shownVariant.content, text);
    const sessions = get().sessions;
    const variantIndex = round.variants.length;
    const bySession: Record<string, SessionVariant> = {};
    const targets: AnswerTarget[] = [];
    const requests: CompareStreamRequest[] = [];
    for (const session of sessions) {
      const side = shownVariant.bySession[session.id];
      const lastEditId = side?.queryId ?? side?.responses[side.responseIndex]?.messageId ?? undefined;
      const response = emptyResponse();
      bySession[session.id] = { queryId: null, responses: [response], responseIndex: 0 };
      targets.push({ roundKey, variantIndex, sessionId: session.id, responseKey: response.key });
      requests.push(requestOf(session, content, { lastEditId }));
    }
    set((state) => ({
      rounds: moveToEnd(
        state.rounds.map((item) => (item.key === roundKey ? { ...item, variants: [...item.variants, { content, bySession }], userIndex: variantIndex } : item)),
        roundKey,
      ),
      sessions: state.sessions.map((session) => ({ ...session, ...idle, isLoading: true, isEditing: true })),
    }));
    await Promise.all(targets.map((target, index) => runStream(set, get, target, requests[index], true)));
    set((state) => ({ sessions: state.sessions.map((session) => ({ ...session, isEditing: false })) }));
  },

  stopAll: async () => {
    const { sessions, deps } = get();
    const running = sessions.filter((session) => controllers.has(session.id));
    for (const session of running) controllers.get(session.id)?.abort();
    // The answer under way of each stopped column: the streaming response in the rounds.
    set((state) => ({
      rounds: state.rounds.map((round) => ({
        ...round,
        variants: round.variants.map((variant) => ({
          ...variant,
          bySession: Object.fromEntries(
            Object.entries(variant.bySession).map(([id, side]) => [
              id,
              running.some((session) => session.id === id)
                ? { ...side, responses: side.responses.map((response) => (response.status === 'streaming' ? { ...response, status: 'stopped' as const } : response)) }
                : side,
            ]),
          ),
        })),
      })),
      sessions: state.sessions.map((session) =>
        running.some((item) => item.id === session.id) ? { ...session, ...idle, isStop: true, isFinished: true, currentMessageId: session.currentMessageId } : session,
      ),
    }));
    try {
      await Promise.all(
        running
          .filter((session) => session.currentMessageId !== null)
          .map((session) => deps.stopMessage(session.currentMessageId as number, session.currentResponse.length)),
      );
      deps.notify.success(MSG_CHAT_ALL_STOPPED);
    } catch {
      deps.notify.error(MSG_CHAT_STOP_FAILED);
    }
  },

  setUserIndex: (roundKey, index) =>
    set((state) => ({
      rounds: state.rounds.map((round) => (round.key === roundKey && index >= 0 && index < round.variants.length ? { ...round, userIndex: index } : round)),
    })),

  setResponseIndex: (roundKey, sessionId, index) =>
    set((state) => {
      const round = state.rounds.find((item) => item.key === roundKey);
      if (!round) return {};
      return {
        rounds: patchVariant(state.rounds, roundKey, round.userIndex, sessionId, (side) =>
          index >= 0 && index < side.responses.length ? { ...side, responseIndex: index } : side,
        ),
      };
    }),

  setParams: (sessionId, params) => set((state) => ({ sessions: patchSession(state.sessions, sessionId, { params }) })),

  setModel: (sessionId, modelName) => set((state) => ({ sessions: patchSession(state.sessions, sessionId, { modelName }) })),

  reveal: (conversations) =>
    set((state) => ({
      sessions: state.sessions.map((session) => {
        const conversation = conversations.find((item) => item.id === session.conversationId);
        return conversation ? { ...session, modelName: conversation.model_name } : session;
      }),
    })),

  removeSession: (sessionId) => {
    controllers.get(sessionId)?.abort();
    controllers.delete(sessionId);
    set((state) => ({ sessions: state.sessions.filter((session) => session.id !== sessionId) }));
  },

  reset: () => {
    for (const controller of controllers.values()) controller.abort();
    controllers.clear();
    set({ sessions: [], rounds: [], loadingEarlier: false, allLoaded: false });
  },
}));

/** The text of a round's shown variant (the inline editor starts from it). */
export const shownText = (round: Round) => textOfContent(round.variants[round.userIndex]?.content ?? '');
