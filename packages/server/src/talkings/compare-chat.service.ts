import {
  type ChatMessageView,
  type ChatStreamTail,
  type ChatUserContent,
  checkModelParams,
  MSG_CHAT_MESSAGE_NOT_FOUND,
  MSG_CONVERSATION_NOT_FOUND,
  type ModelParams,
  paramRulesFor,
} from '@gw/shared';
import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { PoolDb } from '../database/pool-db';
import { OPENAI_INBOUND } from '../relay/inbound/openai-inbound';
import { RelayError } from '../relay/relay-error';
import { sendJson } from '../relay/relay-request';
import { type RelayObserver, RelayService } from '../relay/relay.service';
import { TokenAuthService } from '../relay/token-auth.service';
import type { UserEntity } from '../users/user.entity';
import { ChatCapture, chatEvent } from './chat-capture';
import { buildChatHistory, type HistoryRow } from './chat-history';
import { ChatImages } from './chat-images';
import { chatQueryOf } from './compare-chat-query';
import { CompareChatLive } from './compare-chat-live';
import { CompareChatStore, type NewRowPlace } from './compare-chat-store';
import { CHAT_SAMPLING_PARAMS, type CompareChatDto } from './dto/compare-chat.dto';
import { toMessageView } from './talking.view';

export const MSG_CHAT_MODEL_MISMATCH = (model: string, expected: string) => `模型 ${model} 与该会话的模型 ${expected} 不一致`;

/** The conversation a call answers in, with its model's flags for the user's group. */
interface ChatConversation {
  id: number;
  user_id: number;
  model_name: string;
  flags: { viewable: boolean; thinks: boolean };
  /** Its rows as history needs them (chat-history.ts), oldest first. */
  historyRows: HistoryRow[];
}

/** A compare chat call checked and its row created: what the relay is given. */
interface Prepared {
  messageId: number;
  body: Record<string, unknown>;
}

/**
 * The compare chat's answers (spec 3 §2.10, §5): each call is one message row of a conversation,
 * answered through the relay as the signed-in user (billed to their token like the playground),
 * streamed to the browser between the row's head and tail events, and stored when it settles.
 */
@Injectable()
export class CompareChatService {
  constructor(
    private readonly relay: RelayService,
    private readonly auth: TokenAuthService,
    private readonly images: ChatImages,
    private readonly store: CompareChatStore,
    private readonly live: CompareChatLive,
    private readonly pool: PoolDb,
  ) {}

  /** Serves one answer; a refusal before the stream is OpenAI's error shape with its status, like the relay's. */
  async chat(user: UserEntity, dto: CompareChatDto, request: Request, response: Response): Promise<void> {
    let prepared: Prepared;
    try {
      prepared = await this.prepare(user, dto);
    } catch (error) {
      if (!(error instanceof RelayError)) throw error;
      sendJson(response, error.status, error.toBody());
      return;
    }
    const { messageId, body } = prepared;
    const capture = new ChatCapture(messageId);
    const observer: RelayObserver = {
      holdsStreamEnd: true,
      settled: async (outcome) => {
        const stored = await this.store.settle(messageId, capture, outcome);
        if (!stored || response.writableEnded || response.destroyed) return;
        const tail: ChatStreamTail = { hr_message_id: messageId, hr_message: toMessageView(stored) };
        response.end(chatEvent(tail) + 'data: [DONE]\n\n');
      },
      failed: async (error) => {
        await this.store.fail(messageId, capture, error.message);
      },
    };
    this.live.add(messageId, response);
    const ip = request.ip ?? '';
    await this.relay.handle(
      'chat',
      { headers: request.headers, ip, path: request.path, body, stream: request },
      response,
      { authorize: () => this.auth.authorizeUser(user.id, ip), format: { ...OPENAI_INBOUND, framing: capture }, observer },
    );
  }

  /** The user's message row as stored. */
  async message(userId: number, id: number): Promise<ChatMessageView> {
    return toMessageView(await this.store.owned(userId, id));
  }

  /** Records where the user stopped an answer and ends it at once when it streams on this instance. */
  async stop(userId: number, id: number, stopIndex: number): Promise<ChatMessageView> {
    const row = await this.store.stop(userId, id, stopIndex);
    this.live.stop(id);
    return toMessageView(row);
  }

  /** Checks the call, builds what the model is sent and creates the streaming row. */
  private async prepare(user: UserEntity, dto: CompareChatDto): Promise<Prepared> {
    const conversation = await this.conversationOf(user, dto);
    if (!conversation) throw new RelayError(404, MSG_CONVERSATION_NOT_FOUND);
    if (dto.model !== conversation.model_name) throw new RelayError(400, MSG_CHAT_MODEL_MISMATCH(dto.model, conversation.model_name));
    const params = this.paramsOf(dto);

    let query: ChatUserContent;
    let place: NewRowPlace;
    if (dto.last_id != null) {
      // A regenerated answer: the source row's query again, in its round.
      const source = await this.store.rowOf(conversation.id, dto.last_id);
      if (!source) throw new RelayError(404, MSG_CHAT_MESSAGE_NOT_FOUND);
      query = source.message;
      place = { roundId: source.round_id, queryId: source.query_id, lastId: source.id, lastEditId: null };
    } else if (dto.last_edit_id != null) {
      // An edited query: a new variant of the source row's round.
      const source = await this.store.rowOf(conversation.id, dto.last_edit_id);
      if (!source) throw new RelayError(404, MSG_CHAT_MESSAGE_NOT_FOUND);
      query = chatQueryOf(dto.messages);
      place = { roundId: source.round_id, queryId: null, lastId: null, lastEditId: source.id };
    } else {
      query = chatQueryOf(dto.messages);
      place = { roundId: null, queryId: null, lastId: null, lastEditId: null };
    }
    await this.images.check(user.id, query);

    const { flags } = conversation;
    const history = buildChatHistory(conversation.historyRows, query, place.roundId);
    const messages = await this.images.forModel(user.id, history, flags.viewable);
    const body: Record<string, unknown> = {
      model: conversation.model_name,
      messages,
      ...params,
      stream: true,
      stream_options: { include_usage: true },
      ...(flags.thinks && typeof dto.enable_thinking === 'boolean' ? { enable_thinking: dto.enable_thinking } : {}),
    };
    const messageId = await this.store.insert(conversation, query, place);
    return { messageId, body };
  }

  /** The sampling parameters sent, checked against the model's rules (an unknown one is refused). */
  private paramsOf(dto: CompareChatDto): ModelParams {
    const params: Record<string, unknown> = {};
    for (const name of CHAT_SAMPLING_PARAMS) {
      if (dto[name] !== undefined && dto[name] !== null) params[name] = dto[name];
    }
    const problem = checkModelParams(params, paramRulesFor(dto.model));
    if (problem) throw new RelayError(400, problem);
    return params as ModelParams;
  }

  /**
   * The user's conversation, whether its model takes images and thinks by the abilities of the
   * user's group (model management's flags), and its history rows — one query. dialogue_count
   * counts the rows that finished streaming: none yet means no history to read.
   */
  private async conversationOf(user: UserEntity, dto: CompareChatDto): Promise<ChatConversation | undefined> {
    const rows = await this.pool.query<{ id: number; user_id: number; model_name: string; viewable: boolean | null; thinks: boolean | null; history: HistoryRow[] | null }>(
      `SELECT c.id, c.user_id, c.model_name, f.viewable, f.thinks,
              (SELECT json_agg(json_build_object('id', m.id, 'round_id', m.round_id, 'query_id', m.query_id, 'message', m.message, 'answer', m.answer, 'status', m.status) ORDER BY m.id)
                 FROM chat_messages m WHERE m.conversation_id = c.id AND c.dialogue_count > 0) AS history
         FROM conversations c
         CROSS JOIN LATERAL (SELECT bool_or(a.is_viewable) AS viewable, bool_or(a.is_deep_seek) AS thinks
                               FROM abilities a WHERE a."group" = $4 AND a.model = c.model_name AND a.enabled) f
        WHERE c.id = $1 AND c.talking_id = $2 AND c.user_id = $3`,
      [dto.conversation_id, dto.talking_id, user.id, user.group],
    );
    const row = rows[0];
    if (!row) return undefined;
    return {
      id: row.id,
      user_id: row.user_id,
      model_name: row.model_name,
      flags: { viewable: row.viewable === true, thinks: row.thinks === true },
      historyRows: row.history ?? [],
    };
  }
}
