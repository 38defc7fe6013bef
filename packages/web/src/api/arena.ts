import { Message } from '@arco-design/web-react';
import {
  type ArenaBattleRequest,
  type ArenaLeaderboardScope,
  type ArenaRating,
  type ArenaVoteRequest,
  type ArenaVoteView,
  type ArenaWinMatrix,
  type ConversationView,
  type TalkingView,
} from '@gw/shared';
import { HttpError, http, showError, type ApiReply } from '@/api/http';

/**
 * The compare chat's arena calls (issue 33): a battle's talking and models, the vote, the
 * leaderboard. Each resolves to its data or rejects with an Error whose message is the server's
 * own (its refusals are written for the user: '回答尚未全部完成，请稍后投票' …); an HTTP failure
 * stays an HttpError, so that an expired session signs the user out (showArenaError).
 */

async function dataOf<T>(promise: Promise<ApiReply<T>>): Promise<T> {
  const reply = await promise;
  if (!reply.success) throw new Error(reply.message);
  return reply.data;
}

/** Shows a failure of these calls: the server's message; an expired session goes through the generic handler. */
export function showArenaError(error: unknown): void {
  if (error instanceof HttpError && error.status === 401) showError(error);
  else Message.error(error instanceof Error ? error.message : String(error));
}

/** A battle's talking: a compare chat in arena mode, with the leaderboard's category ('' for none). */
export function createArenaTalking(name: string, summary: string, category: string): Promise<TalkingView> {
  return dataOf(http.post<TalkingView>('/relay/v1/talking/', { name, summary, mode: 'arena', category }));
}

/** Opens the battle's conversations (the models chosen, or `count` drawn at random), in place order A, B, C. */
export function openBattle(request: ArenaBattleRequest): Promise<ConversationView[]> {
  return dataOf(http.post<ConversationView[]>('/relay/v1/arena/battle', request));
}

export interface ArenaVoteResult {
  /** The server's confirmation ('投票成功，模型已揭晓'). */
  message: string;
  vote: ArenaVoteView;
  /** The battle's conversations with their real models. */
  conversations: ConversationView[];
}

/** Votes on one round of a battle; the reply reveals the models. */
export async function voteOnBattle(request: ArenaVoteRequest): Promise<ArenaVoteResult> {
  const reply = await http.post<{ vote: ArenaVoteView; conversations: ConversationView[] }>('/relay/v1/arena/vote', request);
  if (!reply.success) throw new Error(reply.message);
  return { message: reply.message, ...reply.data };
}

export function getLeaderboard(scope: ArenaLeaderboardScope, category: string): Promise<ArenaRating[]> {
  return dataOf(http.get<ArenaRating[]>('/relay/v1/arena/leaderboard', { scope, category: category || undefined }));
}

export function getWinMatrix(scope: ArenaLeaderboardScope, category: string): Promise<ArenaWinMatrix> {
  return dataOf(http.get<ArenaWinMatrix>('/relay/v1/arena/matrix', { scope, category: category || undefined }));
}
