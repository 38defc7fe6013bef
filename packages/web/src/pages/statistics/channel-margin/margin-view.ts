import type { ChannelMarginGroup, ChannelMarginQuery, ChannelMarginRow } from '@gw/shared';
import { STATISTICS_DEFAULT_DAYS } from '@gw/shared';
import { DAY_MS, lastSpan, toSeconds, type MsRange } from '@/lib/time-range';

/** The 渠道收益 view's filters as the form holds them. */
export interface MarginFilters {
  range: MsRange;
  /** undefined: every channel. */
  channelId?: number;
  modelName: string;
  groupBy: ChannelMarginGroup;
}

export const MARGIN_GROUP_OPTIONS: Array<{ label: string; value: ChannelMarginGroup }> = [
  { label: '按渠道 × 模型', value: 'channel_model' },
  { label: '按渠道', value: 'channel' },
  { label: '按模型', value: 'model' },
];

/** The last STATISTICS_DEFAULT_DAYS days, every channel and model, a row per channel × model. */
export const defaultMarginFilters = (now = Date.now()): MarginFilters => ({
  range: lastSpan(STATISTICS_DEFAULT_DAYS * DAY_MS, now),
  channelId: undefined,
  modelName: '',
  groupBy: 'channel_model',
});

export function marginQuery(filters: MarginFilters): ChannelMarginQuery {
  return {
    startTime: toSeconds(filters.range[0]),
    endTime: toSeconds(filters.range[1]),
    group_by: filters.groupBy,
    channel_id: filters.channelId,
    modelName: filters.modelName,
  };
}

/** '37.5%'; '-' without revenue (a rate of nothing means nothing). */
export const marginRateText = (rate: number | null) => (rate === null ? '-' : `${(rate * 100).toFixed(1)}%`);

/** '#3 openai-main', or '#3（已删除）' as the server names a deleted channel. */
export const channelText = (row: Pick<ChannelMarginRow, 'channel_id' | 'channel_name'>) =>
  row.channel_name.startsWith(`#${row.channel_id}`) ? row.channel_name : `#${row.channel_id} ${row.channel_name}`;

/** Rows carry no id: channel and model key them. */
export const rowKey = (row: ChannelMarginRow) => `${row.channel_id}|${row.model_name}`;
