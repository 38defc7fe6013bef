import { Injectable } from '@nestjs/common';
import {
  STATISTICS_PAGE_SIZE_DEFAULT,
  type StatisticsFigures,
  type StatisticsInstance,
  type StatisticsPage,
  type StatisticsRow,
  type StatisticsTokenRow,
  type StatisticsUserRow,
} from '@gw/shared';
import { DataSource } from 'typeorm';
import type { StatisticsFilterQuery, StatisticsPageQuery } from './dto/statistics-query.dto';
import { type BucketRange, bucketRange, checkRange, SqlWhere } from './rollup-range';
import type { StatsClock } from './rollups/stats-clock';
import { UsageRollupService } from './rollups/usage-rollup.service';

export type StatisticsView = 'detail' | 'user' | 'token';

/** The figures of the statistics row, summed over a group of roll-up rows. */
const FIGURES = `sum(success_count)::float8 AS request_count, sum(prompt_tokens + completion_tokens)::float8 AS token_used,
  sum(prompt_tokens)::float8 AS prompt_token_used, sum(completion_tokens)::float8 AS complete_token_used,
  sum(cache_creation_tokens)::float8 AS cache_creation_input_token_used, sum(cache_read_tokens)::float8 AS cache_read_input_token_used,
  sum(thoughts_tokens)::float8 AS thoughts_token_used, sum(prompt_audio_tokens)::float8 AS prompt_audio_tokens_used,
  sum(quota)::float8 AS quota, sum(calculate_quota)::float8 AS calculate_quota`;

/**
 * What each view reads from `usage_rollups`. A detail row is one roll-up row (the table's key is
 * the detail's), so it is read as it is; the per-user and per-token views sum theirs.
 */
const VIEWS: Record<StatisticsView, { rows: (where: string, abnormal: boolean) => string; order: string }> = {
  detail: {
    rows: (where, abnormal) => `
      SELECT bucket, instance, user_id, username, token_id, token_name, model_name, price_key,
             group_ratio AS calculate_group_ratio, model_ratio AS calculate_prompt_ratio, completion_ratio AS calculate_complete_ratio,
             cache_creation_ratio AS calculate_cache_creation_input_token_ratio, cache_read_ratio AS calculate_cache_read_input_token_ratio,
             completion_ratio AS calculate_thoughts_token_ratio, audio_ratio AS calculate_prompt_audio_tokens_ratio, model_price,
             success_count::float8 AS request_count, (prompt_tokens + completion_tokens)::float8 AS token_used,
             prompt_tokens::float8 AS prompt_token_used, completion_tokens::float8 AS complete_token_used,
             cache_creation_tokens::float8 AS cache_creation_input_token_used, cache_read_tokens::float8 AS cache_read_input_token_used,
             thoughts_tokens::float8 AS thoughts_token_used, prompt_audio_tokens::float8 AS prompt_audio_tokens_used,
             quota::float8 AS quota, calculate_quota::float8 AS calculate_quota
        FROM usage_rollups WHERE ${where} AND success_count > 0${abnormal ? ' AND quota <> calculate_quota' : ''}`,
    order: 'bucket DESC, quota DESC, user_id, token_id, model_name, instance, price_key',
  },
  user: {
    rows: (where, abnormal) => `
      SELECT user_id, max(username) AS username, ${FIGURES} FROM usage_rollups WHERE ${where}
       GROUP BY user_id HAVING sum(success_count) > 0${abnormal ? ' AND sum(quota) <> sum(calculate_quota)' : ''}`,
    order: 'quota DESC, user_id',
  },
  token: {
    rows: (where, abnormal) => `
      SELECT user_id, max(username) AS username, token_id, max(token_name) AS token_name, ${FIGURES} FROM usage_rollups WHERE ${where}
       GROUP BY user_id, token_id HAVING sum(success_count) > 0${abnormal ? ' AND sum(quota) <> sum(calculate_quota)' : ''}`,
    order: 'quota DESC, user_id, token_id',
  },
};

const EXPORT_PAGE = 5000;

type Raw = Record<string, unknown>;

/**
 * The statistics page (spec 2 statistics page, §3 Statistics row, §7 Statistics), read from the
 * hour and day roll-ups: consumption only (errors cost nothing), filtered, grouped per view, with
 * the totals of every matching row. `abnormal` is calculated quota ≠ quota charged.
 */
@Injectable()
export class StatisticsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly rollups: UsageRollupService,
  ) {}

  detail(query: StatisticsPageQuery): Promise<StatisticsPage<StatisticsRow>> {
    return this.page('detail', query) as Promise<StatisticsPage<StatisticsRow>>;
  }

  byUser(query: StatisticsPageQuery): Promise<StatisticsPage<StatisticsUserRow>> {
    return this.page('user', query) as Promise<StatisticsPage<StatisticsUserRow>>;
  }

  byToken(query: StatisticsPageQuery): Promise<StatisticsPage<StatisticsTokenRow>> {
    return this.page('token', query) as Promise<StatisticsPage<StatisticsTokenRow>>;
  }

  /** `YYYYMMDD` of the day holding `ts` in the statistics timezone (export file names). */
  label(ts: number): string {
    return this.rollups.clock.label(this.rollups.clock.start(ts, 'd'), 'd').replaceAll('-', '');
  }

  /** The instances that served requests (any time), for the filter. */
  async instances(): Promise<StatisticsInstance[]> {
    const rows: Array<{ instance: string }> = await this.dataSource.query(`SELECT DISTINCT instance FROM usage_rollups WHERE grain = 'd' ORDER BY instance`);
    return rows.map((row) => ({ name: row.instance }));
  }

  /**
   * Every matching row of a view, a page at a time (for the exports). The range is checked here and
   * now, not at the first page: an export asks before it sends a byte, so a refusal is still JSON.
   */
  all(view: StatisticsView, query: StatisticsFilterQuery): AsyncGenerator<StatisticsRow | StatisticsUserRow | StatisticsTokenRow> {
    checkRange(query.startTime, query.endTime);
    return this.pages(view, query);
  }

  private async *pages(view: StatisticsView, query: StatisticsFilterQuery): AsyncGenerator<StatisticsRow | StatisticsUserRow | StatisticsTokenRow> {
    for (let page = 1; ; page++) {
      const { items } = await this.page(view, { ...query, p: page, page_size: EXPORT_PAGE }, EXPORT_PAGE);
      yield* items as Array<StatisticsRow | StatisticsUserRow | StatisticsTokenRow>;
      if (items.length < EXPORT_PAGE) return;
    }
  }

  private async page(view: StatisticsView, query: StatisticsPageQuery, sizeLimit?: number): Promise<StatisticsPage<StatisticsFigures>> {
    const grain = query.date_type === 'hour' ? 'h' : 'd';
    const where = new SqlWhere(bucketRange(this.rollups.clock, grain, query.startTime, query.endTime))
      .add('username = ?', query.username)
      .add('instance = ?', query.instance)
      .add('model_name = ?', query.modelName)
      .add('token_name = ?', query.tokenName);
    const size = sizeLimit ?? query.page_size ?? STATISTICS_PAGE_SIZE_DEFAULT;
    const page = query.p ?? 1;
    const { rows, order } = VIEWS[view];
    const limit = where.param(size);
    const offset = where.param((page - 1) * size);
    // One round trip: the totals of every matching row, and one page of them (a page past the end
    // still has totals). Grouped views sum their rows once (a CTE, materialised); detail rows are
    // read twice instead, so that the page can come from the index in order without reading the rest.
    const totalsOf = (source: string) => `SELECT row_to_json(t) FROM (SELECT count(*)::float8 AS total, COALESCE(sum(quota), 0)::float8 AS total_quota,
        COALESCE(sum(calculate_quota), 0)::float8 AS total_calculate, COALESCE(sum(request_count), 0)::float8 AS total_requests,
        COALESCE(sum(token_used), 0)::float8 AS total_tokens FROM ${source}) AS t`;
    const pageOf = (source: string) => `SELECT COALESCE(json_agg(p ORDER BY ${order}), '[]'::json) FROM (SELECT * FROM ${source} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}) AS p`;
    const abnormal = query.abnormal === true;
    const rowsSql = rows(where.sql, abnormal);
    const days = grain === 'h' && !abnormal ? wholeDays(this.rollups.clock, where.range) : undefined;
    const sql =
      view !== 'detail'
        ? `WITH groups AS (${rowsSql}) SELECT (${totalsOf('groups')}) AS totals, (${pageOf('groups')}) AS items`
        : `SELECT (${days ? hourlyTotals(where, days) : totalsOf(`(${rowsSql}) AS g`)}) AS totals, (${pageOf(`(${rowsSql}) AS g`)}) AS items`;
    const [result]: Array<{ totals: Raw; items: Raw[] }> = await this.dataSource.query(sql, where.params);
    const { coveredAt } = await this.rollups.progress();
    const totals = parseJson(result.totals);
    return {
      items: (parseJson(result.items) as unknown as Raw[]).map((item) => this.toView(view, item, grain)),
      total: Number(totals.total ?? 0),
      totalQuota: Number(totals.total_quota ?? 0),
      totalCalculateQuota: Number(totals.total_calculate ?? 0),
      totalRequests: Number(totals.total_requests ?? 0),
      totalTokens: Number(totals.total_tokens ?? 0),
      updated_at: coveredAt,
    };
  }

  private toView(view: StatisticsView, item: Raw, grain: 'd' | 'h'): StatisticsFigures {
    const figures: StatisticsFigures & Raw = {
      request_count: Number(item.request_count),
      token_used: Number(item.token_used),
      prompt_token_used: Number(item.prompt_token_used),
      complete_token_used: Number(item.complete_token_used),
      cache_creation_input_token_used: Number(item.cache_creation_input_token_used),
      cache_read_input_token_used: Number(item.cache_read_input_token_used),
      thoughts_token_used: Number(item.thoughts_token_used),
      prompt_audio_tokens_used: Number(item.prompt_audio_tokens_used),
      quota: Number(item.quota),
      calculate_quota: Number(item.calculate_quota),
      abnormal: Number(item.quota) !== Number(item.calculate_quota),
      user_id: Number(item.user_id),
      username: String(item.username ?? ''),
    };
    if (view === 'user') return figures;
    figures.token_id = Number(item.token_id);
    figures.token_name = String(item.token_name ?? '');
    if (view === 'token') return figures;
    return {
      instance: String(item.instance),
      day_time: this.rollups.clock.label(Number(item.bucket), grain),
      ...figures,
      model_name: String(item.model_name),
      calculate_group_ratio: Number(item.calculate_group_ratio),
      calculate_prompt_ratio: Number(item.calculate_prompt_ratio),
      calculate_complete_ratio: Number(item.calculate_complete_ratio),
      calculate_cache_creation_input_token_ratio: Number(item.calculate_cache_creation_input_token_ratio),
      calculate_cache_read_input_token_ratio: Number(item.calculate_cache_read_input_token_ratio),
      calculate_thoughts_token_ratio: Number(item.calculate_thoughts_token_ratio),
      calculate_prompt_audio_tokens_ratio: Number(item.calculate_prompt_audio_tokens_ratio),
      model_price: item.model_price === null || item.model_price === undefined ? null : Number(item.model_price),
    } as StatisticsRow;
  }
}

/** The whole days of the statistics timezone within a range: from the first day's start to the last one's end (exclusive). */
export function wholeDays(clock: StatsClock, range: BucketRange): { from: number; to: number } | undefined {
  // A day lasts 23 to 25 hours: 30 hours after a day's start lies in the next day.
  const nextDay = (ts: number) => clock.start(clock.start(ts, 'd') + 30 * 3600, 'd');
  const from = clock.start(range.from, 'd') === range.from ? range.from : nextDay(range.from);
  const to = nextDay(range.to) === range.to + 1 ? range.to + 1 : clock.start(range.to, 'd');
  return from < to ? { from, to } : undefined;
}

/**
 * The totals of the hourly detail without reading each of its rows (a month holds hundreds of
 * thousands): the count from the index of hourly rows with requests, the sums from the day rows of
 * the whole days (an index holding their figures) and the hourly rows of the part-days at either
 * end; both indexes are read alone when no filter applies (migration UsageRollupsHourlyTotals). A
 * day row sums its hours, and rows of errors alone add nothing to any sum. Not for the abnormal
 * filter, which a day row cannot answer for its hours.
 */
function hourlyTotals(where: SqlWhere, days: { from: number; to: number }): string {
  const dayFrom = where.param(days.from);
  const dayTo = where.param(days.to);
  const from = where.param(where.range.from);
  const to = where.param(where.range.to);
  const figures = 'quota, calculate_quota, success_count, prompt_tokens + completion_tokens AS tokens';
  return `SELECT row_to_json(t) FROM (SELECT
      (SELECT count(*) FROM usage_rollups WHERE ${where.sql} AND success_count > 0)::float8 AS total,
      COALESCE(sum(quota), 0)::float8 AS total_quota, COALESCE(sum(calculate_quota), 0)::float8 AS total_calculate,
      COALESCE(sum(success_count), 0)::float8 AS total_requests, COALESCE(sum(tokens), 0)::float8 AS total_tokens
    FROM (SELECT ${figures} FROM usage_rollups WHERE grain = 'd' AND bucket >= ${dayFrom} AND bucket < ${dayTo} AND ${where.filters}
          UNION ALL
          SELECT ${figures} FROM usage_rollups WHERE grain = 'h' AND bucket >= ${from} AND bucket < ${dayFrom} AND ${where.filters}
          UNION ALL
          SELECT ${figures} FROM usage_rollups WHERE grain = 'h' AND bucket >= ${dayTo} AND bucket <= ${to} AND ${where.filters}) AS r) AS t`;
}

/** json columns arrive parsed from pg and as text from some drivers. */
function parseJson(value: unknown): Raw {
  return (typeof value === 'string' ? JSON.parse(value) : value) as Raw;
}
