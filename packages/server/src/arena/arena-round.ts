import { MSG_ARENA_ROUND_NOT_FOUND, MSG_ARENA_ROUND_UNFINISHED, MSG_ARENA_ROUND_UNUSABLE } from '@gw/shared';
import { BusinessError } from '../common/business.error';
import type { ChatMessageEntity } from '../talkings/chat-message.entity';
import type { ConversationEntity } from '../talkings/conversation.entity';
import { messageViewAt } from '../talkings/talking.view';
import type { VotedPlace } from './arena-vote.entity';

/**
 * The answers a vote on `roundId` judges, one per place. Each conversation numbers its own rounds
 * (a round's id is its first row's), so the round is found by turn, as the export lines columns
 * up: the n-th round of the column holding `roundId` is the n-th of every column. Of a round
 * answered several times (regenerated), the latest answer is the one shown, so the one judged.
 * Every place must have finished with some text: a failed or empty answer cannot be judged. A
 * place without the turn had its answer refused before it streamed (no row is kept of those).
 */
export function votedRound(conversations: ConversationEntity[], rows: ChatMessageEntity[], roundId: number, now: number): VotedPlace[] {
  const roundsOf = (conversationId: number): number[] =>
    [...new Set(rows.filter((row) => row.conversation_id === conversationId).map((row) => row.round_id))].sort((a, b) => a - b);
  const holder = conversations.find((conversation) => roundsOf(conversation.id).includes(roundId));
  if (!holder) throw new BusinessError(MSG_ARENA_ROUND_NOT_FOUND);
  const turn = roundsOf(holder.id).indexOf(roundId);
  return conversations.map((conversation) => {
    const round = roundsOf(conversation.id)[turn];
    const latest = rows.filter((row) => row.conversation_id === conversation.id && row.round_id === round).at(-1);
    if (!latest) throw new BusinessError(MSG_ARENA_ROUND_UNUSABLE);
    // The view's status: a row left streaming by a lost instance counts as failed.
    const { status } = messageViewAt(latest, now);
    if (status === 'streaming') throw new BusinessError(MSG_ARENA_ROUND_UNFINISHED);
    if (status === 'error' || latest.answer.trim() === '') throw new BusinessError(MSG_ARENA_ROUND_UNUSABLE);
    return {
      label: conversation.arena_label,
      model: conversation.model_name,
      conversation_id: conversation.id,
      message_id: latest.id,
      quota: latest.quota,
      first_token_ms: latest.first_token_ms,
    };
  });
}
