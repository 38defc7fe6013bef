import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, SelectQueryBuilder } from 'typeorm';
import { nowSeconds } from '../common/time';
import { UsageRollupService } from '../statistics/rollups/usage-rollup.service';
import { LogPartitions } from './log-partitions';
import { AdminLogQuery, LOG_PAGE_SIZE_DEFAULT, LogQuery } from './dto/log-query.dto';
import { LOG_TYPE, LogEntity } from './log.entity';
import { LogPage, LogStat, toAdminLogView, toSelfLogView, type AdminLogView, type SelfLogView } from './log.view';

/** Filters of a log query; `userId` set restricts it to that user's own rows. */
type LogFilter = AdminLogQuery & { userId?: number };

/** RPM and TPM cover the last minute (spec 2 §9). */
const RATE_WINDOW_SECONDS = 60;
/** Old logs go in slices, so that cleaning years of rows never holds one long transaction. */
const DELETE_BATCH = 10_000;

/** Reads and cleans the usage logs (spec 2 §7 Logs, spec 1 §7 DELETE /api/log/). */
@Injectable()
export class LogsService {
  constructor(
    @InjectRepository(LogEntity) private readonly logs: Repository<LogEntity>,
    private readonly rollups: UsageRollupService,
    private readonly partitions: LogPartitions,
  ) {}

  /** Every user's logs, newest first, with the administrator's fields. */
  listAll(query: AdminLogQuery): Promise<LogPage<AdminLogView>> {
    return this.page(query, toAdminLogView);
  }

  /** One user's own logs, newest first; the channel, retry path and client address left out. */
  listOwn(userId: number, query: LogQuery): Promise<LogPage<SelfLogView>> {
    return this.page({ ...query, username: undefined, channel: undefined, userId }, toSelfLogView);
  }

  statAll(query: AdminLogQuery): Promise<LogStat> {
    return this.stat(query);
  }

  statOwn(userId: number, query: LogQuery): Promise<LogStat> {
    return this.stat({ ...query, username: undefined, channel: undefined, userId });
  }

  /**
   * Deletes the logs created before `before` (unix seconds); returns how many went. The roll-ups
   * first take in every log committed, so the statistics keep what the logs said; then the months
   * that end by `before` go as whole partitions (instant whatever their size), and the rest of the
   * boundary month in slices.
   */
  async deleteBefore(before: number): Promise<number> {
    await this.rollups.catchUp();
    let deleted = await this.partitions.drop(await this.partitions.monthsEndingBy(before));
    for (;;) {
      const result = await this.logs
        .createQueryBuilder()
        .delete()
        // By the whole key (id, created_at): the outer delete then prunes to the partitions that
        // hold such rows instead of probing every month's index for each id.
        .where(`(id, created_at) IN (SELECT id, created_at FROM logs WHERE created_at < :before LIMIT ${DELETE_BATCH})`, { before })
        .execute();
      const affected = result.affected ?? 0;
      deleted += affected;
      if (affected < DELETE_BATCH) return deleted;
    }
  }

  private async page<T>(filter: LogFilter, view: (row: LogEntity) => T): Promise<LogPage<T>> {
    const page = filter.p ?? 0;
    const pageSize = filter.page_size ?? LOG_PAGE_SIZE_DEFAULT;
    const [rows, total] = await this.filtered(filter, true)
      .orderBy('log.created_at', 'DESC')
      .addOrderBy('log.id', 'DESC')
      .skip(page * pageSize)
      .take(pageSize)
      .getManyAndCount();
    return { items: rows.map(view), total, page, page_size: pageSize };
  }

  /**
   * Consumption of the filtered logs: the quota over the chosen time range, and the requests and
   * tokens of the last minute. Only consumption rows count (the type filter does not apply), so
   * that top-ups or errors never show as spending.
   */
  private async stat(filter: LogFilter): Promise<LogStat> {
    const consumption = { ...filter, type: LOG_TYPE.CONSUME };
    const quota = await this.filtered(consumption, true).select('COALESCE(SUM(log.quota), 0)', 'quota').getRawOne<{ quota: string }>();
    const rate = await this.filtered(consumption, false)
      .andWhere('log.created_at >= :since', { since: nowSeconds() - RATE_WINDOW_SECONDS })
      .select('COUNT(*)', 'rpm')
      .addSelect('COALESCE(SUM(log.prompt_tokens + log.completion_tokens), 0)', 'tpm')
      .getRawOne<{ rpm: string; tpm: string }>();
    return { quota: Number(quota?.quota ?? 0), rpm: Number(rate?.rpm ?? 0), tpm: Number(rate?.tpm ?? 0) };
  }

  /** The rows matching the filter; `withTimeRange` false leaves start/end out (for the last-minute rates). */
  private filtered(filter: LogFilter, withTimeRange: boolean): SelectQueryBuilder<LogEntity> {
    const query = this.logs.createQueryBuilder('log');
    if (filter.userId !== undefined) query.andWhere('log.user_id = :userId', { userId: filter.userId });
    if (filter.type) query.andWhere('log.type = :type', { type: filter.type });
    if (filter.username) query.andWhere('log.username = :username', { username: filter.username });
    if (filter.token_name) query.andWhere('log.token_name = :tokenName', { tokenName: filter.token_name });
    if (filter.model_name) query.andWhere('log.model_name = :modelName', { modelName: filter.model_name });
    if (filter.channel) query.andWhere('log.channel = :channel', { channel: filter.channel });
    if (filter.status_code) query.andWhere('log.status_code = :statusCode', { statusCode: filter.status_code });
    if (withTimeRange && filter.start_timestamp) query.andWhere('log.created_at >= :start', { start: filter.start_timestamp });
    if (withTimeRange && filter.end_timestamp) query.andWhere('log.created_at <= :end', { end: filter.end_timestamp });
    return query;
  }
}
