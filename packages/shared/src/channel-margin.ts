/**
 * Per-channel cost and margin (issue 29 "Why this channel"). A channel's `cost_ratio` says what the
 * operator pays its upstream relative to list price (1 = list price, 0 = a free upstream); every
 * relay call's cost is its list-price quota (the user's group ratio left out) × that ratio, and
 * `GET /api/statistics/channel-margin` sets it against the quota charged to users
 * (docs/console-api.md "Channel revenue and margin").
 */

/** A channel's cost ratio when none is set: the operator pays list price. */
export const COST_RATIO_DEFAULT = 1;
/** The highest cost ratio a channel may have (an upstream at 100 × list price is a typing error). */
export const COST_RATIO_MAX = 100;
export const MSG_COST_RATIO = `成本倍率必须是 0 到 ${COST_RATIO_MAX} 之间的数字`;

/** How the margin rows are grouped: one row per channel, per model, or per channel × model. */
export const CHANNEL_MARGIN_GROUPS = ['channel', 'model', 'channel_model'] as const;
export type ChannelMarginGroup = (typeof CHANNEL_MARGIN_GROUPS)[number];
export const MSG_CHANNEL_MARGIN_GROUP = 'group_by 只能是 channel、model 或 channel_model';

/** `GET /api/statistics/channel-margin`: times in unix seconds, the same range rules as `GET /api/statistics`. */
export interface ChannelMarginQuery {
  startTime: number;
  endTime: number;
  /** Default `channel_model`. */
  group_by?: ChannelMarginGroup;
  channel_id?: number;
  modelName?: string;
}

/** The figures of a margin row and of the totals. Quotas are quota units (500000 = 1 USD by default). */
export interface ChannelMarginFigures {
  /** Successful requests (failed ones cost and earn nothing). */
  request_count: number;
  /** prompt + completion tokens. */
  token_used: number;
  /** Quota charged to users (their group ratio included). */
  revenue_quota: number;
  /** What the upstream calls cost the operator: list price × the channel's cost ratio at the time. */
  cost_quota: number;
  /** revenue − cost. */
  margin_quota: number;
  /** margin ÷ revenue, from −∞ to 1; null when there was no revenue. */
  margin_rate: number | null;
  /**
   * Successful requests whose log row carries no cost (logged before cost ratios existed, or an
   * async drawing/music task): their revenue is counted, their cost is not.
   */
  uncosted_count: number;
  /** The token kinds without a column of the statistics row. */
  cache_creation_1h_tokens: number;
  completion_audio_tokens: number;
  prompt_image_tokens: number;
  completion_image_tokens: number;
}

export interface ChannelMarginRow extends ChannelMarginFigures {
  /** 0 in a per-model row. */
  channel_id: number;
  /** The channel's current name, `#id（已删除）` for a deleted channel, '' in a per-model row. */
  channel_name: string;
  /** The channel's current cost ratio (null for a deleted channel or a per-model row). */
  cost_ratio: number | null;
  /** '' in a per-channel row. */
  model_name: string;
}

export interface ChannelMarginPage {
  group_by: ChannelMarginGroup;
  /** Every matching row, highest revenue first. */
  items: ChannelMarginRow[];
  totals: ChannelMarginFigures;
  /** Unix seconds up to which the logs are rolled up. */
  updated_at: number;
}

/** The name a margin row shows for a channel that no longer exists. */
export const deletedChannelName = (id: number) => `#${id}（已删除）`;
