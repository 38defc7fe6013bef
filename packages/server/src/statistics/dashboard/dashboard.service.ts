import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { MSG_DASHBOARD_DISABLED, type DashboardGranularity, type DashboardPoint, type DashboardResult } from '@gw/shared';
import { DataSource } from 'typeorm';
import { OptionsService } from '../../options/options.service';
import { bucketRange, SqlWhere } from '../rollup-range';
import { UsageRollupService } from '../rollups/usage-rollup.service';

export const MSG_DASHBOARD_USER_NOT_FOUND = '用户不存在';

/** Whose figures: one user (with their balance), or everyone (administrators, no username). */
export type DashboardSubject = { userId: number } | { everyone: true };

type Raw = Record<string, string | number | null>;

/**
 * The data dashboard `/detail` (spec 2, issue 17): cards and charts of quota, tokens and calls over
 * time by model (and by channel for administrators), from the hour and day roll-ups, while
 * `DataExportEnabled` is on. Weeks start on Monday in the statistics timezone.
 */
@Injectable()
export class DashboardService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly rollups: UsageRollupService,
    private readonly options: OptionsService,
  ) {}

  /** The user named, for administrators choosing whose dashboard to see. */
  async userNamed(username: string): Promise<DashboardSubject> {
    const [user] = await this.dataSource.query('SELECT id FROM users WHERE username = $1 AND deleted_at IS NULL', [username]);
    if (!user) throw new NotFoundException(MSG_DASHBOARD_USER_NOT_FOUND);
    return { userId: Number(user.id) };
  }

  async read(subject: DashboardSubject, withChannels: boolean, start: number, end: number, granularity?: DashboardGranularity): Promise<DashboardResult> {
    if (!this.options.getBoolean('DataExportEnabled')) throw new ForbiddenException(MSG_DASHBOARD_DISABLED);
    const chosen = granularity ?? (this.options.get('DataExportDefaultTime') as DashboardGranularity);
    const userId = 'userId' in subject ? subject.userId : undefined;
    // Everyone: the channel × model roll-up; one user: the user × token × model × channel one.
    const table = userId === undefined ? 'usage_channel_rollups' : 'usage_token_rollups';
    const cardsWhere = new SqlWhere(bucketRange(this.rollups.clock, 'h', start, end)).add('user_id = ?', userId);
    const [cards] = await this.dataSource.query(
      `SELECT COALESCE(sum(quota), 0)::float8 AS quota, COALESCE(sum(request_count), 0)::float8 AS requests,
              COALESCE(sum(prompt_tokens + completion_tokens), 0)::float8 AS tokens
         FROM ${table} WHERE ${cardsWhere.sql}`,
      cardsWhere.params,
    );
    const grain = chosen === 'hour' ? 'h' : 'd';
    const pointsWhere = new SqlWhere(bucketRange(this.rollups.clock, grain, start, end)).add('user_id = ?', userId);
    const channel = withChannels ? ', channel_id, max(channel_name) AS channel_name' : '';
    const rows: Raw[] = await this.dataSource.query(
      `SELECT bucket::float8 AS bucket, model_name${channel}, sum(quota)::float8 AS quota,
              sum(prompt_tokens + completion_tokens)::float8 AS token_used, sum(request_count)::float8 AS count
         FROM ${table} WHERE ${pointsWhere.sql}
        GROUP BY bucket, model_name${withChannels ? ', channel_id' : ''} ORDER BY bucket, model_name${withChannels ? ', channel_id' : ''}`,
      pointsWhere.params,
    );
    const minutes = Math.max(1, (end - start) / 60);
    const balance = userId === undefined ? null : await this.balanceOf(userId);
    const { coveredAt } = await this.rollups.progress();
    return {
      cards: {
        balance,
        used_quota: Number(cards.quota),
        request_count: Number(cards.requests),
        token_used: Number(cards.tokens),
        avg_rpm: Math.round((Number(cards.requests) / minutes) * 100) / 100,
        avg_tpm: Math.round((Number(cards.tokens) / minutes) * 100) / 100,
      },
      points: chosen === 'week' ? this.byWeek(rows, withChannels) : rows.map((row) => toPoint(row, Number(row.bucket), withChannels)),
      updated_at: coveredAt,
    };
  }

  private async balanceOf(userId: number): Promise<number> {
    const [user] = await this.dataSource.query('SELECT quota::float8 AS quota FROM users WHERE id = $1', [userId]);
    return Number(user?.quota ?? 0);
  }

  /** Day points summed into the weeks (from Monday) holding them. */
  private byWeek(rows: Raw[], withChannels: boolean): DashboardPoint[] {
    const weeks = new Map<string, DashboardPoint>();
    for (const row of rows) {
      const week = this.rollups.clock.weekStart(Number(row.bucket));
      const key = `${week}|${row.model_name}|${withChannels ? row.channel_id : ''}`;
      const point = weeks.get(key);
      if (!point) weeks.set(key, toPoint(row, week, withChannels));
      else {
        point.quota += Number(row.quota);
        point.token_used += Number(row.token_used);
        point.count += Number(row.count);
      }
    }
    return [...weeks.values()];
  }
}

function toPoint(row: Raw, createdAt: number, withChannels: boolean): DashboardPoint {
  const point: DashboardPoint = { created_at: createdAt, model_name: String(row.model_name), quota: Number(row.quota), token_used: Number(row.token_used), count: Number(row.count) };
  if (withChannels) {
    point.channel_id = Number(row.channel_id);
    point.channel_name = String(row.channel_name ?? '');
  }
  return point;
}
