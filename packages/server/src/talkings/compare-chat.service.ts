import {
  type ChatMessageView,
  type ChatStreamTail,
  type ChatUserContent,
  checkModelParams,
  MSG_CHAT_MESSAGE_NOT_FOUND,
  MSG_CHAT_SELECT_MODEL_FIRST,
  MSG_CONVERSATION_NOT_FOUND,
  type ModelParams,
  paramRulesFor,
} from '@gw/shared';
import { Injectable } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { OPENAI_INBOUND } from '../relay/inbound/openai-inbound';
import { RelayError } from '../relay/relay-error';
import { type RelayRequest, sendJson } from '../relay/relay-request';
import { type RelayObserver, RelayService } from '../relay/relay.service';
import { TokenAuthService } from '../relay/token-auth.service';
import { AnswerCheckpoint } from './answer-checkpoint';
import { ChatCapture, chatEvent } from './chat-capture';
import { buildChatHistory } from './chat-history';
import type { ChatCaller, ChatConversation } from './chat-lookup';
import { ChatImages } from './chat-images';
import { chatQueryOf } from './compare-chat-query';
import { CompareChatLive } from './compare-chat-live';
import { CompareChatStore, type NewRowPlace } from './compare-chat-store';
import { CHAT_SAMPLING_PARAMS, type CompareChatDto } from './dto/compare-chat.dto';
import { toMessageView } from './talking.view';
import { maskedError } from './arena-blinding';

export const MSG_CHAT_MODEL_MISMATCH = (model: string, expected: string) => `模型 ${model} 与该会话的模型 ${expected} 不一致`;

/** A compare chat call checked and its row created: what the relay is given. */
interface Prepared {
  messageId: number;
  body: Record<string, unknown>;
  /** The row's write, under way. */
  written: Promise<void>;
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
  ) {}

  /** Serves one answer; a refusal before the stream is OpenAI's error shape with its status, like the relay's. */
  async chat(caller: ChatCaller, conversation: ChatConversation | undefined, dto: CompareChatDto, request: RelayRequest, response: ServerResponse): Promise<void> {
    const blind = conversation?.blind;
    let prepared: Prepared;
    try {
      prepared = await this.prepare(caller, conversation, dto);
    } catch (error) {
      if (!(error instanceof RelayError)) throw error;
      sendJson(response, error.status, maskedError(error, blind).toBody());
      return;
    }
    const { messageId, body, written } = prepared;
    const capture = new ChatCapture(messageId, blind);
    const checkpoint = new AnswerCheckpoint(this.store, messageId, capture, written);
    // A row that could not be written (its conversation deleted meanwhile) has nothing to store:
    // the answer still streams and is billed, and the observer's failure is logged by the relay.
    written.catch(() => undefined);
    const observer: RelayObserver = {
      holdsStreamEnd: true,
      settled: async (outcome) => {
        checkpoint.end();
        await written;
        const stored = await this.store.settle(messageId, capture, outcome);
        if (!stored || response.writableEnded || response.destroyed) return;
        const tail: ChatStreamTail = { hr_message_id: messageId, hr_message: toMessageView(stored, blind) };
        response.end(chatEvent(tail) + 'data: [DONE]\n\n');
      },
      failed: async (error) => {
        checkpoint.end();
        await written;
        // Refused before the stream (no quota, no channel…): the browser never learnt the row, which is no round of the history.
        if (capture.started) await this.store.fail(messageId, capture, error.message);
        else await this.store.discard(messageId);
      },
    };
    this.live.add(messageId, response);
    try {
      await this.relay.handle('chat', { ...request, body }, response, {
        authorize: () => this.auth.authorizeUser(caller.id, request.ip),
        format: { ...OPENAI_INBOUND, framing: capture, ...(blind ? { errorReply: (error: RelayError) => OPENAI_INBOUND.errorReply(maskedError(error, blind)) } : {}) },
        observer,
      });
    } finally {
      checkpoint.end();
    }
  }

  /** The user's message row as stored. */
  async message(userId: number, id: number): Promise<ChatMessageView> {
    const row = await this.store.owned(userId, id);
    return toMessageView(row, await this.store.blindOf(row.conversation_id));
  }

  /** Records where the user stopped an answer and ends it at once when it streams on this instance. */
  async stop(userId: number, id: number, stopIndex: number): Promise<ChatMessageView> {
    const row = await this.store.stop(userId, id, stopIndex);
    this.live.stop(id);
    return toMessageView(row, await this.store.blindOf(row.conversation_id));
  }

  /** Checks the call, builds what the model is sent and creates the streaming row. */
  private async prepare(user: ChatCaller, conversation: ChatConversation | undefined, dto: CompareChatDto): Promise<Prepared> {
    if (!conversation) throw new RelayError(404, MSG_CONVERSATION_NOT_FOUND);
    // A battle's conversation answers with its own model whatever the call names: a check would
    // tell the caller which model it is not (issue 33). Elsewhere the call must name the column's.
    if (conversation.arenaLabel === '') {
      if (!dto.model) throw new RelayError(400, MSG_CHAT_SELECT_MODEL_FIRST);
      if (dto.model !== conversation.model_name) throw new RelayError(400, MSG_CHAT_MODEL_MISMATCH(dto.model, conversation.model_name));
    }
    const params = this.paramsOf(dto, conversation.model_name);

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
    const messageId = conversation.nextId;
    // Written while the answer is already asked for: the row's first use (its settlement or a stop)
    // waits for it.
    const written = this.store.insert({ id: messageId, conversationId: conversation.id, userId: conversation.user_id, modelName: conversation.model_name, message: query, place });
    return { messageId, body, written };
  }

  /** The sampling parameters sent, checked against the model's rules (an unknown one is refused). */
  private paramsOf(dto: CompareChatDto, model: string): ModelParams {
    const params: Record<string, unknown> = {};
    for (const name of CHAT_SAMPLING_PARAMS) {
      if (dto[name] !== undefined && dto[name] !== null) params[name] = dto[name];
    }
    const problem = checkModelParams(params, paramRulesFor(model));
    if (problem) throw new RelayError(400, problem);
    return params as ModelParams;
  }
}
