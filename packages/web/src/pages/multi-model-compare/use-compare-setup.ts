import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  MSG_CHAT_INIT_FAILED,
  MSG_CHAT_SESSION_CREATE_FAILED,
  MSG_CHAT_SESSION_CREATE_FAILED_WITH,
  TALKING_SUMMARY_MAX_LENGTH,
  type ChatModelView,
  type TalkingMode,
  type TalkingView,
} from '@gw/shared';
import { createArenaTalking, openBattle } from '@/api/arena';
import { getModelConfig, listChatModels, showChatError } from '@/api/chat-models';
import { HttpError } from '@/api/http';
import { createConversations, createTalking, deleteTalking, getTalking, reasonOf } from '@/api/talkings';
import { useCompareChatStore, type NewSession } from '@/stores/compare-chat';
import type { ArenaLaunch, CompareHistoryState, CompareLaunchState } from './launch-state';
import { messageContent } from './message-content';

export interface CompareTalking {
  id: number | null;
  title: string;
  /** 'arena': a blind battle, its columns named by place until `revealed` (issue 33). */
  mode: TalkingMode;
  revealed: boolean;
  category: string;
}

/** The page's talking as the server describes it, under `title`. */
export const compareTalkingOf = (view: TalkingView, title = view.name): CompareTalking => ({
  id: view.id,
  title,
  mode: view.mode,
  revealed: view.revealed,
  category: view.category,
});

/** A talking created and its columns, ready to show. */
interface Opened {
  talking: TalkingView;
  sessions: NewSession[];
}

/** What the route brings: a new chat to start, a talking to load, or nothing (→ the landing page). */
export type CompareEntry = { kind: 'new'; launch: CompareLaunchState } | { kind: 'history'; talkingId: number; title: string } | { kind: 'none' };

export function entryOf(state: unknown, routeId: string | undefined): CompareEntry {
  const routeTalking = routeId !== undefined && /^\d+$/.test(routeId) ? Number(routeId) : null;
  const given = state as Partial<CompareLaunchState> | Partial<CompareHistoryState> | null;
  if (routeTalking === null && given?.kind === 'new' && Array.isArray(given.models)) return { kind: 'new', launch: given as CompareLaunchState };
  if (routeTalking !== null) {
    const title = given?.kind === 'history' && given.talkingId === routeTalking ? given.chatTitle ?? '' : '';
    return { kind: 'history', talkingId: routeTalking, title };
  }
  if (given?.kind === 'history' && typeof given.talkingId === 'number') return { kind: 'history', talkingId: given.talkingId, title: given.chatTitle ?? '' };
  return { kind: 'none' };
}

/** Shows a setup failure: the session check's own handling for an HttpError, else the spec message. */
const fail = (error: unknown, message: string) => showChatError(error instanceof HttpError ? error : new Error(message));

/**
 * Starts the page from its entry (spec 3 §2.10): a new chat creates the talking and one
 * conversation per model (a battle: its hidden columns), then asks every model the first message
 * at once; a history entry loads
 * the talking, its conversations and the latest rounds of each. Once a new chat exists the URL
 * becomes its history address, so that a reload shows it instead of creating another.
 */
export function useCompareSetup(entry: CompareEntry) {
  const navigate = useNavigate();
  const [talking, setTalking] = useState<CompareTalking>(() => ({
    id: null,
    title: entry.kind === 'new' ? entry.launch.chatTitle : entry.kind === 'history' ? entry.title : '',
    mode: entry.kind === 'new' && entry.launch.arena ? 'arena' : 'chat',
    revealed: false,
    category: entry.kind === 'new' ? (entry.launch.arena?.category ?? '') : '',
  }));
  const [models, setModels] = useState<ChatModelView[]>(entry.kind === 'new' ? entry.launch.models.map((item) => item.model) : []);
  const [loading, setLoading] = useState(entry.kind !== 'none');
  /** The talking this page already shows (a new chat's history address must not load it again). */
  const shown = useRef<number | null>(null);
  /** The launch already started (StrictMode runs effects twice: one talking only). */
  const started = useRef<CompareLaunchState | null>(null);
  const mounted = useRef(true);
  const key = entry.kind === 'history' ? `h${entry.talkingId}` : entry.kind;

  useEffect(() => {
    listChatModels().then(
      (list) => setModels((current) => [...list, ...current.filter((item) => !list.some((model) => model.name === item.name))]),
      () => undefined, // the columns still work with the names they have; the dropdowns offer only those
    );
  }, []);

  useEffect(() => {
    const store = useCompareChatStore.getState();
    if (entry.kind === 'none') {
      navigate('/multi-model-chat', { replace: true });
      return;
    }
    if (entry.kind === 'history' && shown.current === entry.talkingId) return;
    let active = true;
    if (entry.kind === 'new') {
      if (started.current !== entry.launch) {
        started.current = entry.launch;
        void startNew(entry.launch);
      }
    }
    else void openHistory(entry.talkingId);
    return () => {
      active = false;
    };

    async function startNew(launch: CompareLaunchState) {
      store.init([]);
      const opened = launch.arena ? await openArena(launch, launch.arena) : await openChat(launch);
      // A new chat is not abandoned by the effect's cleanup (StrictMode, the address change below): only by leaving.
      if (!opened || !mounted.current) return;
      const talkingId = opened.talking.id;
      try {
        store.init(opened.sessions);
        shown.current = talkingId;
        setTalking(compareTalkingOf(opened.talking, launch.chatTitle));
        setLoading(false);
        const history: CompareHistoryState = { kind: 'history', chatTitle: launch.chatTitle, talkingId };
        navigate(`/multi-model-compare/history/${talkingId}`, { replace: true, state: history });
        // A battle may be opened before its first question.
        if (launch.initialMessage.trim() !== '' || launch.uploadedFiles.length > 0) void store.send(messageContent(launch.initialMessage, launch.uploadedFiles));
      } catch (error) {
        fail(error, MSG_CHAT_INIT_FAILED);
      }
    }

    /** A plain compare chat: the talking, then one conversation per model chosen. */
    async function openChat(launch: CompareLaunchState): Promise<Opened | null> {
      let talking: TalkingView;
      try {
        talking = await createTalking(launch.chatTitle, launch.initialMessage.slice(0, TALKING_SUMMARY_MAX_LENGTH));
      } catch (error) {
        if (mounted.current) setLoading(false);
        fail(error, MSG_CHAT_SESSION_CREATE_FAILED);
        return null;
      }
      try {
        const conversations = await createConversations(launch.models.map((item) => ({ talking_id: talking.id, model_name: item.model.name })));
        const sessions = launch.models.map((item, index) => ({
          modelName: item.model.name,
          params: item.params,
          enableThinking: launch.enableThinking && item.model.is_deep_seek ? true : undefined,
          conversationId: conversations[index].id,
          talkingId: talking.id,
        }));
        return { talking, sessions };
      } catch (error) {
        if (mounted.current) setLoading(false);
        fail(error, MSG_CHAT_SESSION_CREATE_FAILED_WITH(reasonOf(error)));
        return null;
      }
    }

    /**
     * An arena battle (issue 33): the talking in arena mode, then the battle's hidden columns in
     * place order, each called with its model's defaults (parameters would hint at the model).
     */
    async function openArena(launch: CompareLaunchState, arena: ArenaLaunch): Promise<Opened | null> {
      let talking: TalkingView;
      try {
        talking = await createArenaTalking(launch.chatTitle, launch.initialMessage.slice(0, TALKING_SUMMARY_MAX_LENGTH), arena.category);
      } catch (error) {
        if (mounted.current) setLoading(false);
        fail(error, MSG_CHAT_SESSION_CREATE_FAILED_WITH(reasonOf(error)));
        return null;
      }
      try {
        const conversations = await openBattle({ talking_id: talking.id, models: arena.models, count: arena.count });
        const sessions = conversations.map((conversation) => ({
          modelName: conversation.model_name,
          params: {},
          conversationId: conversation.id,
          talkingId: talking.id,
          arenaLabel: conversation.arena_label,
        }));
        return { talking, sessions };
      } catch (error) {
        // A battle without models can never be used (its columns cannot be added later): not left in the history.
        void deleteTalking(talking.id).catch(() => undefined);
        if (mounted.current) setLoading(false);
        fail(error, MSG_CHAT_SESSION_CREATE_FAILED_WITH(reasonOf(error)));
        return null;
      }
    }

    async function openHistory(talkingId: number) {
      setLoading(true);
      store.init([]);
      try {
        const detail = await getTalking(talkingId);
        if (!active) return;
        store.init(
          detail.conversations.map((conversation) => ({
            modelName: conversation.model_name,
            params: {},
            conversationId: conversation.id,
            talkingId,
            arenaLabel: conversation.arena_label,
          })),
        );
        shown.current = talkingId;
        setTalking(compareTalkingOf(detail.talking));
        // The columns are called with the parameters the user saved for their models (none: the
        // server's defaults); a battle's always with the defaults, as it was opened.
        for (const session of useCompareChatStore.getState().sessions.filter((item) => !item.arenaLabel)) {
          getModelConfig(session.modelName).then(
            (params) => params && useCompareChatStore.getState().setParams(session.id, params),
            () => undefined,
          );
        }
        await useCompareChatStore.getState().loadLatest();
      } catch (error) {
        if (active) fail(error, error instanceof Error ? error.message : String(error));
      } finally {
        if (active) setLoading(false);
      }
    }
  }, [key]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      useCompareChatStore.getState().reset();
    };
  }, []);

  return { talking, setTalking, models, loading };
}
