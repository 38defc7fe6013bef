import { Injectable } from '@nestjs/common';
import type { ModelAvailability, ModelAvailabilityDay } from '@gw/shared';
import { DataSource, type EntityManager } from 'typeorm';
import { MSG_CHANNEL_NOT_FOUND } from '../channels/channel-rules';
import { splitList } from '../channels/comma-list';
import { BusinessError } from '../common/business.error';
import { nowSeconds } from '../common/time';
import { LOG_TYPE } from '../logs/log.entity';
import { UsageRollupService } from '../statistics/rollups/usage-rollup.service';
import { HEARTBEAT_LEVEL } from './heartbeat-level';

/**
 * Logs and heartbeats are counted in quarter hours before they are put into days: every timezone
 * offset in use is a whole number of quarter hours, so a quarter hour lies within one local day.
 */
const SLOT_SECONDS = 900;

interface Count {
  model: string;
  /** A day bucket (roll-ups) or a quarter-hour slot (logs, heartbeats), unix seconds. */
  at: number;
  success: number;
  failure: number;
}

/**
 * The log rows whose attempts_log holds more than one attempt (the relay writes it with
 * JSON.stringify, channel_id first): the predicate of the partial index idx_logs_failed_over
 * (migration 1795816000000), repeated word for word so that the planner reads that index.
 */
const FAILED_OVER = `attempts_log LIKE '%},{"channel_id":%'`;

const percentOf = (success: number, failure: number): number | null => (success + failure > 0 ? Math.round((success * 10_000) / (success + failure)) / 100 : null);

/**
 * How often each model of a channel answered, day by day over the last 7, 15 or 30 days of the
 * statistics timezone, today included (issue 29). Counted from:
 * - relayed requests: consumption rows succeed, error rows fail, as the statistics count them
 *   (channel tests excluded). Days already rolled up come from the channel × model day roll-up
 *   (usage_channel_rollups); logs after the roll-up's high-water mark are counted from `logs`,
 *   bounded by that id and the period's start (the partition range), in the same snapshot so that
 *   a roll-up running meanwhile counts nothing twice. The row's channel (the one that answered
 *   last) gets its success or failure there; every other channel the request was tried on and
 *   failed over from (its attempts_log) gets a failure, read from the logs over the whole period
 *   (the roll-ups count a request only on its last channel). A multi-key channel's keys tried one
 *   after another are one channel: the request counts once on it. Logs cleaned by time take their
 *   failovers with them; the roll-ups keep the rest;
 * - model heartbeats (the model-heartbeat job's tests of every enabled model): level 3 fails, 1 and 2
 *   succeed. They are kept a week.
 */
@Injectable()
export class ModelAvailabilityService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly rollups: UsageRollupService,
  ) {}

  async of(channelId: number, days: number, now = nowSeconds()): Promise<ModelAvailability[]> {
    const [channel]: Array<{ models: string }> = await this.dataSource.query('SELECT models FROM channels WHERE id = $1', [channelId]);
    if (!channel) throw new BusinessError(MSG_CHANNEL_NOT_FOUND);
    const models = splitList(channel.models);
    const clock = this.rollups.clock;
    const buckets = [clock.start(now, 'd')];
    while (buckets.length < days) buckets.unshift(clock.start(buckets[0] - 1, 'd'));
    const counts = await this.dataSource.transaction('REPEATABLE READ', (manager) => this.counts(manager, channelId, models, buckets[0]));

    const byModel = new Map(models.map((model) => [model, new Map(buckets.map((bucket) => [bucket, { success: 0, failure: 0 }]))]));
    for (const count of counts) {
      const day = byModel.get(count.model)?.get(clock.start(count.at, 'd'));
      if (!day) continue;
      day.success += count.success;
      day.failure += count.failure;
    }
    return models.map((model) => {
      const dayList: ModelAvailabilityDay[] = buckets.map((bucket) => {
        const { success, failure } = byModel.get(model)!.get(bucket)!;
        return { date: clock.label(bucket, 'd'), success, failure, percent: percentOf(success, failure) };
      });
      const success = dayList.reduce((sum, day) => sum + day.success, 0);
      const failure = dayList.reduce((sum, day) => sum + day.failure, 0);
      return { model, days: dayList, percent: percentOf(success, failure) };
    });
  }

  /** The roll-up days, the logs not rolled up yet and the heartbeats since `from`, read in one snapshot. */
  private async counts(manager: EntityManager, channelId: number, models: string[], from: number): Promise<Count[]> {
    if (models.length === 0) return [];
    const [state] = await manager.query('SELECT last_log_id::float8 AS last_log_id FROM usage_rollup_state WHERE id = 1');
    const rolledUpTo = Number(state?.last_log_id ?? 0);
    const rows: Count[][] = [
      await manager.query(
        `SELECT model_name AS model, bucket::float8 AS at, success_count::float8 AS success, error_count::float8 AS failure
           FROM usage_channel_rollups WHERE grain = 'd' AND channel_id = $1 AND bucket >= $2 AND model_name = ANY($3)`,
        [channelId, from, models],
      ),
      // A channel test is logged as consumption carrying "channel_test" (channel-test.service.ts); the roll-ups skip it too.
      await manager.query(
        `SELECT model_name AS model, (created_at - created_at % ${SLOT_SECONDS})::float8 AS at,
                count(*) FILTER (WHERE type = $5)::float8 AS success, count(*) FILTER (WHERE type = $6)::float8 AS failure
           FROM logs
          WHERE id > $1 AND created_at >= $2 AND channel = $3 AND model_name = ANY($4) AND type IN ($5, $6)
            AND position('"channel_test"' in other) = 0
          GROUP BY 1, 2`,
        [rolledUpTo, from, channelId, models, LOG_TYPE.CONSUME, LOG_TYPE.ERROR],
      ),
      // Rows that failed over from this channel to another: no roll-up has them. The row's own channel is not this one, so nothing is counted twice.
      await manager.query(
        `SELECT model_name AS model, (created_at - created_at % ${SLOT_SECONDS})::float8 AS at, 0::float8 AS success, count(*)::float8 AS failure
           FROM logs
          WHERE ${FAILED_OVER} AND created_at >= $2 AND channel <> $1 AND model_name = ANY($3) AND type IN ($4, $5)
            AND position(('{"channel_id":' || $1::text || ',') in attempts_log) > 0
          GROUP BY 1, 2`,
        [channelId, from, models, LOG_TYPE.CONSUME, LOG_TYPE.ERROR],
      ),
      await manager.query(
        `SELECT model, (created_at - created_at % ${SLOT_SECONDS})::float8 AS at,
                count(*) FILTER (WHERE level <> $4)::float8 AS success, count(*) FILTER (WHERE level = $4)::float8 AS failure
           FROM heartbeats WHERE channel_id = $1 AND created_at >= $2 AND model = ANY($3)
          GROUP BY 1, 2`,
        [channelId, from, models, HEARTBEAT_LEVEL.DOWN],
      ),
    ];
    return rows.flat().map((row) => ({ model: row.model, at: Number(row.at), success: Number(row.success), failure: Number(row.failure) }));
  }
}
