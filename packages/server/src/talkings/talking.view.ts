import type { ChatMessageView, ConversationView, TalkingView } from '@gw/shared';
import type { ChatMessageEntity } from './chat-message.entity';
import type { ConversationEntity } from './conversation.entity';
import type { TalkingEntity } from './talking.entity';
import { type Blind, blindOf, maskModel, shownModel } from './arena-blinding';

/** The compare chat's rows as the console reads them (@gw/shared chat.ts). */
export const toTalkingView = (row: TalkingEntity): TalkingView => ({
  id: row.id,
  name: row.name,
  summary: row.summary,
  mode: row.mode,
  category: row.category,
  revealed: row.mode === 'arena' && row.revealed_at !== null,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

export const toConversationView = (row: ConversationEntity): ConversationView => ({
  id: row.id,
  talking_id: row.talking_id,
  model_name: shownModel(row.model_name, blindOf(row)),
  arena_label: row.arena_label,
  dialogue_count: row.dialogue_count,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

/**
 * A row still 'streaming' this long after it was written lost its answer (a live answer is
 * settled, stopped or failed long before; upstream calls time out). The rows of a killed instance
 * are ended as interrupted by the liveness sweep (interrupted-answers.ts); this covers a living
 * instance whose completion never reached the database (unreachable when the answer ended).
 */
export const STREAM_ABANDONED_SECONDS = 3600;
export const MSG_ANSWER_INTERRUPTED = '回答中断：服务重启或连接丢失，请重新生成';

/** `blind`: the row's conversation is a battle not yet voted (arena-blinding.ts). */
export const toMessageView = (row: ChatMessageEntity, blind?: Blind): ChatMessageView => messageViewAt(row, Math.floor(Date.now() / 1000), blind);

/** The view as of `now` (unix seconds). */
export const messageViewAt = (row: ChatMessageEntity, now: number, blind?: Blind): ChatMessageView => {
  const abandoned = row.status === 'streaming' && now - row.updated_at > STREAM_ABANDONED_SECONDS;
  return {
    ...messageFields(row),
    ...(blind ? HIDDEN_MEASURES : {}),
    model_name: shownModel(row.model_name, blind),
    status: abandoned ? 'error' : row.status,
    error: abandoned ? MSG_ANSWER_INTERRUPTED : maskModel(row.error, blind),
  };
};

/** A hidden model's cost, tokens and speed would tell it (a price, a tokenizer): 0 until the vote. */
const HIDDEN_MEASURES = { quota: 0, prompt_tokens: 0, completion_tokens: 0, first_token_ms: 0, duration_ms: 0 } as const;

const messageFields = (row: ChatMessageEntity): ChatMessageView => ({
  id: row.id,
  conversation_id: row.conversation_id,
  model_name: row.model_name,
  query: row.query,
  message: row.message,
  answer: row.answer,
  thinking: row.thinking,
  last_id: row.last_id,
  last_edit_id: row.last_edit_id,
  round_id: row.round_id,
  query_id: row.query_id,
  stop_index: row.stop_index,
  status: row.status,
  error: row.error,
  quota: row.quota,
  prompt_tokens: row.prompt_tokens,
  completion_tokens: row.completion_tokens,
  first_token_ms: row.first_token_ms,
  duration_ms: row.duration_ms,
  created_at: row.created_at,
  updated_at: row.updated_at,
});
