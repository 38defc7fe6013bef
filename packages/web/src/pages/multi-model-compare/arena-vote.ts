import { ARENA_DRAWS, ARENA_DRAW_LABELS, type ArenaDraw, type ArenaVoteView } from '@gw/shared';
import type { ChatSession, Round } from '@/stores/compare-chat';

/**
 * The vote of an arena battle (issue 33), as the compare page offers it: which round can be voted
 * on, the choices, and how the result reads.
 */

/**
 * The round_id to vote on `round` with, or null while it cannot be voted on. The server judges
 * each column's latest answer of the round (the latest variant, the latest regeneration) and
 * refuses a round still streaming, failed or empty, so the bar is offered only when every column's
 * latest answer finished with some text. A stopped answer counts: what was shown can be judged.
 */
export function votableRoundId(round: Round, sessions: readonly ChatSession[]): number | null {
  if (sessions.length === 0) return null;
  const variant = round.variants[round.variants.length - 1];
  let roundId: number | null = null;
  for (const session of sessions) {
    const latest = variant?.bySession[session.id]?.responses.at(-1);
    if (!latest || (latest.status !== 'done' && latest.status !== 'stopped') || latest.content.trim() === '') return null;
    // Any column's round id names the turn: the server lines the columns up by turn.
    roundId ??= latest.stored?.round_id ?? null;
  }
  return roundId;
}

/** Whether `roundId` (unique: a round's id is the id of its first row) belongs to `round`. */
export function roundHasId(round: Round, roundId: number): boolean {
  return round.variants.some((variant) => Object.values(variant.bySession).some((side) => side.responses.some((response) => response.stored?.round_id === roundId)));
}

export interface VoteChoice {
  label: string;
  /** What POST /relay/v1/arena/vote is sent: the place's conversation, or a draw. */
  winner: number | ArenaDraw;
}

/** One choice per place (A 更好 …) in place order, then 平局 and 都不好. */
export function voteChoices(sessions: readonly ChatSession[]): VoteChoice[] {
  const places = [...sessions]
    .filter((session) => session.arenaLabel !== '')
    .sort((a, b) => a.arenaLabel.localeCompare(b.arenaLabel))
    .map((session) => ({ label: `${session.arenaLabel} 更好`, winner: session.conversationId }));
  return [...places, ...ARENA_DRAWS.map((draw) => ({ label: ARENA_DRAW_LABELS[draw], winner: draw }))];
}

const isDraw = (winner: string): winner is ArenaDraw => (ARENA_DRAWS as readonly string[]).includes(winner);

/** The result line after a vote: '投票结果：A 更好，胜者 gpt-4o' or '投票结果：平局'. */
export function voteResultText(vote: ArenaVoteView): string {
  if (isDraw(vote.winner)) return `投票结果：${ARENA_DRAW_LABELS[vote.winner]}`;
  return `投票结果：${vote.winner} 更好，胜者 ${vote.winner_model}`;
}
