/**
 * The compare chat's arena (issue 33): blind battles between two or three models, votes, and a
 * Bradley–Terry leaderboard. A battle is a talking with `mode: 'arena'`; its conversations are
 * named 模型 A / B / C in every reply until a round is voted.
 */

export const TALKING_MODES = ['chat', 'arena'] as const;
export type TalkingMode = (typeof TALKING_MODES)[number];

/** The places of a battle, in the order shown. */
export const ARENA_LABELS = ['A', 'B', 'C'] as const;
export type ArenaLabel = (typeof ARENA_LABELS)[number];
export const ARENA_MIN_MODELS = 2;
export const ARENA_MAX_MODELS = 3;

/** What a hidden model is called until its battle is voted. */
export const arenaModelName = (label: string): string => `模型 ${label}`;

/** A vote: a conversation id of the battle, or one of these. */
export const ARENA_DRAWS = ['tie', 'both_bad'] as const;
export type ArenaDraw = (typeof ARENA_DRAWS)[number];
export const ARENA_DRAW_LABELS: Record<ArenaDraw, string> = { tie: '平局', both_bad: '都不好' };

export const ARENA_CATEGORY_MAX_LENGTH = 50;
export const ARENA_LEADERBOARD_SCOPES = ['me', 'all'] as const;
export type ArenaLeaderboardScope = (typeof ARENA_LEADERBOARD_SCOPES)[number];

/** POST /relay/v1/arena/battle: opens the battle's conversations (`models` chosen, or `count` drawn at random). */
export interface ArenaBattleRequest {
  talking_id: number;
  models?: string[];
  count?: number;
}

/** POST /relay/v1/arena/vote. */
export interface ArenaVoteRequest {
  talking_id: number;
  round_id: number;
  winner: number | ArenaDraw;
}

export interface ArenaVoteView {
  id: number;
  talking_id: number;
  round_id: number;
  /** The winning place (A, B, C) or a draw. */
  winner: ArenaLabel | ArenaDraw;
  /** The winning model; '' for a draw. */
  winner_model: string;
  created_at: number;
}

/** One row of GET /relay/v1/arena/leaderboard. */
export interface ArenaRating {
  model: string;
  /** Bradley–Terry on the Elo scale, mean 1000. */
  rating: number;
  /** The bootstrap 95 % interval. */
  ci_low: number;
  ci_high: number;
  battles: number;
  wins: number;
  ties: number;
  /** (wins + ties / 2) / battles. */
  win_rate: number;
  /** USD per answer in the voted rounds. */
  mean_cost: number;
  /** Milliseconds to the first token in the voted rounds; 0 when none was measured. */
  mean_first_token_ms: number;
}

/** GET /relay/v1/arena/matrix: the share of their battles the row's model won against the column's (ties half). */
export interface ArenaWinMatrix {
  models: string[];
  rates: Array<Array<number | null>>;
  counts: number[][];
}

export const MSG_ARENA_NOT_ARENA = '该对话不是对战模式';
export const MSG_ARENA_ALREADY_STARTED = '该对战已有模型，请新建对战';
export const MSG_ARENA_MODEL_COUNT = `对战需要 ${ARENA_MIN_MODELS} 到 ${ARENA_MAX_MODELS} 个模型`;
export const MSG_ARENA_MODEL_TWICE = '同一模型不能在一场对战中出现两次';
export const MSG_ARENA_NOT_ENOUGH_MODELS = '可用模型不足，无法随机对战';
export const MSG_ARENA_LOCKED = '对战中的模型不能切换或删除';
export const MSG_ARENA_REVEALED = '本场对战已投票，模型已揭晓，请新建对战继续投票';
export const MSG_ARENA_ROUND_NOT_FOUND = '该轮对话不存在';
export const MSG_ARENA_ROUND_UNFINISHED = '回答尚未全部完成，请稍后投票';
export const MSG_ARENA_ROUND_UNUSABLE = '本轮有回答失败或没有内容，不能投票';
export const MSG_ARENA_WINNER_INVALID = '投票结果无效：应为本场对战的会话、tie 或 both_bad';
export const MSG_ARENA_VOTED = '投票成功，模型已揭晓';
export const MSG_ARENA_SCOPE_FORBIDDEN = '只有管理员可以查看全站排行榜';
export const MSG_ARENA_CATEGORY_TOO_LONG = `分类最多 ${ARENA_CATEGORY_MAX_LENGTH} 个字符`;
