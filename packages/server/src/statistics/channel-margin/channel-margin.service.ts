import { Injectable } from '@nestjs/common';
import { deletedChannelName, type ChannelMarginFigures, type ChannelMarginGroup, type ChannelMarginPage, type ChannelMarginRow } from '@gw/shared';
import { DataSource } from 'typeorm';
import { bucketRange, SqlWhere } from '../rollup-range';
import { UsageRollupService } from '../rollups/usage-rollup.service';
import { wholeDays } from '../statistics.service';
import type { ChannelMarginQueryDto } from './channel-margin.query';

/** The sums a margin row reads from `usage_channel_rollups`. */
const SUMS = ['success_count', 'costed_count', 'prompt_tokens', 'completion_tokens', 'quota', 'cost_quota', 'cache_creation_1h_tokens', 'completion_audio_tokens', 'prompt_image_tokens', 'completion_image_tokens'];

/** The columns each grouping keeps; the others read as 0 or ''. */
const GROUP_COLUMNS: Record<ChannelMarginGroup, string[]> = {
  channel: ['channel_id'],
  model: ['model_name'],
  channel_model: ['channel_id', 'model_name'],
};

type Raw = Record<string, string | number | null>;

/**
 * Revenue, cost and margin per channel, model or both (issue 29), read from the channel roll-ups
 * (channel × model per minute, hour and day): revenue is the quota charged, cost what the logged
 * calls cost the operator (relay billing/channel-cost.ts). Whole days of the range are read from the
 * day rows and the part-days at either end from the hour rows, so a month sums a few hundred rows.
 * The range, its rules and its errors are those of `GET /api/statistics`. Names are the channels'
 * current ones: a renamed channel shows its new name, a deleted one `#id（已删除）`.
 */
@Injectable()
export class ChannelMarginService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly rollups: UsageRollupService,
  ) {}

  async margins(query: ChannelMarginQueryDto): Promise<ChannelMarginPage> {
    const groupBy = query.group_by ?? 'channel_model';
    const where = new SqlWhere(bucketRange(this.rollups.clock, 'h', query.startTime, query.endTime))
      .add('channel_id = ?', query.channel_id)
      .add('model_name = ?', query.modelName);
    const days = wholeDays(this.rollups.clock, where.range);
    const sums = SUMS.join(', ');
    // Hours outside the whole days, then the whole days from their day rows (a day row sums its hours).
    const source = days
      ? `SELECT channel_id, model_name, ${sums} FROM usage_channel_rollups WHERE ${where.sql} AND (bucket < ${where.param(days.from)} OR bucket >= ${where.param(days.to)})
         UNION ALL
         SELECT channel_id, model_name, ${sums} FROM usage_channel_rollups
          WHERE grain = 'd' AND bucket >= ${where.param(days.from)} AND bucket < ${where.param(days.to)} AND ${where.filters}`
      : `SELECT channel_id, model_name, ${sums} FROM usage_channel_rollups WHERE ${where.sql}`;
    const keys = GROUP_COLUMNS[groupBy];
    const byChannel = keys.includes('channel_id');
    const rows: Raw[] = await this.dataSource.query(
      `SELECT ${keys.map((key) => `r.${key}`).join(', ')},
              ${byChannel ? 'c.name AS current_name, c.cost_ratio' : 'NULL AS current_name, NULL AS cost_ratio'},
              sum(r.success_count)::float8 AS request_count, sum(r.success_count - r.costed_count)::float8 AS uncosted_count,
              sum(r.prompt_tokens + r.completion_tokens)::float8 AS token_used,
              sum(r.quota)::float8 AS revenue_quota, sum(r.cost_quota)::float8 AS cost_quota,
              sum(r.cache_creation_1h_tokens)::float8 AS cache_creation_1h_tokens, sum(r.completion_audio_tokens)::float8 AS completion_audio_tokens,
              sum(r.prompt_image_tokens)::float8 AS prompt_image_tokens, sum(r.completion_image_tokens)::float8 AS completion_image_tokens
         FROM (${source}) AS r ${byChannel ? 'LEFT JOIN channels c ON c.id = r.channel_id' : ''}
        GROUP BY ${keys.map((key) => `r.${key}`).join(', ')}${byChannel ? ', c.name, c.cost_ratio' : ''}
       HAVING sum(r.success_count) > 0
        ORDER BY revenue_quota DESC, ${keys.map((key) => `r.${key}`).join(', ')}`,
      where.params,
    );
    const items = rows.map((row) => toRow(row));
    const { coveredAt } = await this.rollups.progress();
    return { group_by: groupBy, items, totals: totalsOf(items), updated_at: coveredAt };
  }
}

function figures(revenue: number, cost: number, rest: Omit<ChannelMarginFigures, 'revenue_quota' | 'cost_quota' | 'margin_quota' | 'margin_rate'>): ChannelMarginFigures {
  const margin = revenue - cost;
  return { ...rest, revenue_quota: revenue, cost_quota: cost, margin_quota: margin, margin_rate: revenue > 0 ? margin / revenue : null };
}

function toRow(row: Raw): ChannelMarginRow {
  const channelId = Number(row.channel_id ?? 0);
  const exists = row.current_name !== null && row.current_name !== undefined;
  return {
    channel_id: channelId,
    channel_name: channelId === 0 ? '' : exists ? String(row.current_name) : deletedChannelName(channelId),
    cost_ratio: row.cost_ratio === null || row.cost_ratio === undefined ? null : Number(row.cost_ratio),
    model_name: String(row.model_name ?? ''),
    ...figures(Number(row.revenue_quota), Number(row.cost_quota), {
      request_count: Number(row.request_count),
      token_used: Number(row.token_used),
      uncosted_count: Number(row.uncosted_count),
      cache_creation_1h_tokens: Number(row.cache_creation_1h_tokens),
      completion_audio_tokens: Number(row.completion_audio_tokens),
      prompt_image_tokens: Number(row.prompt_image_tokens),
      completion_image_tokens: Number(row.completion_image_tokens),
    }),
  };
}

/** Every row is returned (a gateway has tens of channels and models, not thousands of pages): the totals are their sums. */
function totalsOf(items: ChannelMarginRow[]): ChannelMarginFigures {
  const sum = (pick: (row: ChannelMarginRow) => number) => items.reduce((total, row) => total + pick(row), 0);
  return figures(
    sum((row) => row.revenue_quota),
    sum((row) => row.cost_quota),
    {
      request_count: sum((row) => row.request_count),
      token_used: sum((row) => row.token_used),
      uncosted_count: sum((row) => row.uncosted_count),
      cache_creation_1h_tokens: sum((row) => row.cache_creation_1h_tokens),
      completion_audio_tokens: sum((row) => row.completion_audio_tokens),
      prompt_image_tokens: sum((row) => row.prompt_image_tokens),
      completion_image_tokens: sum((row) => row.completion_image_tokens),
    },
  );
}
