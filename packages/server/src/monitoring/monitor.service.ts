import { BadRequestException, ForbiddenException, Injectable } from '@nestjs/common';
import {
  MONITOR_MAX_BUCKETS,
  MONITOR_MINUTE_RETENTION_DAYS,
  MONITOR_TIME_TYPES,
  MONITOR_TYPES,
  MSG_MONITOR_MINUTE_RANGE,
  MSG_MONITOR_TOO_MANY_POINTS,
  MSG_MONITOR_UPSTREAM_ROOT_ONLY,
  ROLE_ADMIN,
  roleAllows,
  type MonitorOption,
  type MonitorResult,
  type MonitorRow,
  type MonitorTimeType,
  type MonitorType,
} from '@gw/shared';
import { DataSource } from 'typeorm';
import { nowSeconds } from '../common/time';
import { bucketRange, SqlWhere } from '../statistics/rollup-range';
import type { Grain } from '../statistics/rollups/stats-clock';
import { UsageRollupService } from '../statistics/rollups/usage-rollup.service';
import type { MonitorOptionsQuery, MonitorQueryDto } from './dto/monitor-query.dto';

export const MSG_MONITOR_OTHER_USER = '只能查看自己的下游监控数据';

const GRAINS: Record<MonitorTimeType, Grain> = { [MONITOR_TIME_TYPES.minute]: 'm', [MONITOR_TIME_TYPES.hour]: 'h', [MONITOR_TIME_TYPES.day]: 'd' };
const GRAIN_SECONDS: Record<Grain, number> = { m: 60, h: 3600, d: 86400 };

interface Viewer {
  id: number;
  role: number;
}

type Raw = Record<string, string | number | null>;

/**
 * The monitor (spec 2 monitor dashboard, §3 Monitor row, §6): upstream is per channel and model,
 * for user id 1 only; downstream is per token and model of one user, one's own or, for
 * administrators, anyone's. Read from the minute, hour or day roll-ups.
 */
@Injectable()
export class MonitorService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly rollups: UsageRollupService,
  ) {}

  async series(viewer: Viewer, query: MonitorQueryDto): Promise<MonitorResult> {
    const upstream = this.checkAccess(viewer, query.monitorType);
    const grain = GRAINS[query.timeType];
    const where = this.where(viewer, grain, query.startTime, query.endTime, upstream, query.userId);
    if (upstream) where.add('channel_id = ANY(?::int[])', query.channelIds);
    else where.add('token_id = ANY(?::int[])', query.tokenIds);
    where.add('model_name = ANY(?::text[])', query.modelNames);
    // The channel roll-up's key is the upstream series' (bucket, channel, model): its rows are read
    // as they are. The token roll-up also splits a token's requests by channel: summed here.
    const rows: Raw[] = await this.dataSource.query(
      upstream
        ? `SELECT bucket::float8 AS bucket, channel_id, channel_name, model_name, request_count::float8 AS total, success_count::float8 AS success,
                  error_count::float8 AS errors, use_time_ms::float8 AS use_time_ms, frt_ms::float8 AS frt_ms, frt_count::float8 AS frt_count
             FROM usage_channel_rollups WHERE ${where.sql}
            ORDER BY bucket, channel_id, model_name`
        : `SELECT bucket::float8 AS bucket, token_id, max(token_name) AS token_name, model_name, sum(request_count)::float8 AS total, sum(success_count)::float8 AS success,
                  sum(error_count)::float8 AS errors, sum(use_time_ms)::float8 AS use_time_ms, sum(frt_ms)::float8 AS frt_ms, sum(frt_count)::float8 AS frt_count
             FROM usage_token_rollups WHERE ${where.sql}
            GROUP BY bucket, token_id, model_name
            ORDER BY bucket, token_id, model_name`,
      where.params,
    );
    const { coveredAt } = await this.rollups.progress();
    return { items: rows.map((row) => toMonitorRow(row, upstream)), updated_at: coveredAt };
  }

  /** The channels (upstream), tokens (downstream) or models with requests in the range. */
  async options(viewer: Viewer, kind: 'channels' | 'tokens' | 'models', query: MonitorOptionsQuery): Promise<MonitorOption[]> {
    const monitorType = query.monitor_type ?? (kind === 'channels' ? MONITOR_TYPES.upstream : MONITOR_TYPES.downstream);
    const upstream = this.checkAccess(viewer, monitorType);
    if (kind === 'channels' && !upstream) throw new BadRequestException('渠道列表只用于上游监控（monitor_type=1）');
    if (kind === 'tokens' && upstream) throw new BadRequestException('令牌列表只用于下游监控（monitor_type=2）');
    // The options come from the day roll-ups (few rows) whatever the chart's granularity.
    const where = this.where(viewer, 'd', query.start_time, query.end_time, upstream, query.userId, false);
    if (kind === 'models') {
      const rows: Array<{ model_name: string }> = await this.dataSource.query(`SELECT DISTINCT model_name FROM ${tableOf(upstream)} WHERE ${where.sql} ORDER BY model_name`, where.params);
      return rows.map((row) => ({ name: row.model_name }));
    }
    const [id, name] = kind === 'channels' ? ['channel_id', 'channel_name'] : ['token_id', 'token_name'];
    const rows: Array<{ id: number; name: string }> = await this.dataSource.query(
      `SELECT ${id} AS id, max(${name}) AS name FROM ${tableOf(upstream)} WHERE ${where.sql} GROUP BY ${id} ORDER BY ${id}`,
      where.params,
    );
    return rows.map((row) => ({ id: Number(row.id), name: row.name }));
  }

  /** Upstream for user 1 only; downstream for anyone. Answers whether the view is upstream. */
  private checkAccess(viewer: Viewer, monitorType: MonitorType): boolean {
    if (monitorType !== MONITOR_TYPES.upstream) return false;
    if (!roleAllows('root-user', viewer.role, viewer.id)) throw new ForbiddenException(MSG_MONITOR_UPSTREAM_ROOT_ONLY);
    return true;
  }

  private where(viewer: Viewer, grain: Grain, start: number, end: number, upstream: boolean, userId: number | undefined, checkPoints = true): SqlWhere {
    if (grain === 'm' && start < nowSeconds() - MONITOR_MINUTE_RETENTION_DAYS * 86400) throw new BadRequestException(MSG_MONITOR_MINUTE_RANGE);
    const range = bucketRange(this.rollups.clock, grain, start, end);
    if (checkPoints && (range.to - range.from) / GRAIN_SECONDS[grain] > MONITOR_MAX_BUCKETS) throw new BadRequestException(MSG_MONITOR_TOO_MANY_POINTS);
    const where = new SqlWhere(range);
    if (upstream) return where.raw('channel_id <> 0');
    return where.add('user_id = ?', this.downstreamUser(viewer, userId));
  }

  /** Whose tokens: administrators may name anyone; a user only themselves. */
  private downstreamUser(viewer: Viewer, userId: number | undefined): number {
    if (userId === undefined || userId === viewer.id) return viewer.id;
    if (viewer.role < ROLE_ADMIN) throw new ForbiddenException(MSG_MONITOR_OTHER_USER);
    return userId;
  }
}

/** Upstream reads the channel × model roll-up; downstream the user × token × model one. */
const tableOf = (upstream: boolean) => (upstream ? 'usage_channel_rollups' : 'usage_token_rollups');

function toMonitorRow(row: Raw, upstream: boolean): MonitorRow {
  const total = Number(row.total);
  const success = Number(row.success);
  const frtCount = Number(row.frt_count);
  const subject = upstream ? { channel_id: Number(row.channel_id), channel_name: String(row.channel_name ?? '') } : { token_id: Number(row.token_id), token_name: String(row.token_name ?? '') };
  return {
    created_at: Number(row.bucket),
    ...subject,
    model_name: String(row.model_name),
    success_rate: total > 0 ? Math.round((success / total) * 10_000) / 10_000 : 0,
    avg_response_time: total > 0 ? Math.round(Number(row.use_time_ms) / total) : 0,
    avg_first_token_time: frtCount > 0 ? Math.round(Number(row.frt_ms) / frtCount) : null,
    total_count: total,
    success_count: success,
    error_count: Number(row.errors),
  };
}
