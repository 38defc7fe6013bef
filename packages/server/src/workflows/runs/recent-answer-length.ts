import { Injectable } from '@nestjs/common';
import { PoolDb } from '../../database/pool-db';
import { LOG_TYPE } from '../../logs/log.entity';

/** The user's latest consumption logs looked through: the walk along (user_id, created_at) stays this short. */
const RECENT_LOGS = 2000;
/** Of those, the latest calls of the model that are averaged. */
const RECENT_CALLS = 100;

/**
 * How long a model's answers to this user have been lately: the mean completion tokens of its last
 * RECENT_CALLS successful calls (consumption logs) among the user's last RECENT_LOGS ones. Bounded
 * to that many rows of idx_logs_user_created, so an estimate stays cheap for a user with millions
 * of logs; a model the user has not called lately has no history (undefined).
 */
@Injectable()
export class RecentAnswerLength {
  constructor(private readonly db: PoolDb) {}

  async meanCompletionTokens(userId: number, model: string): Promise<number | undefined> {
    const [row] = await this.db.query<{ calls: number; mean: number | null }>(
      `SELECT count(*)::int AS calls, avg(completion_tokens)::float8 AS mean FROM (
         SELECT completion_tokens FROM (
           SELECT model_name, completion_tokens, created_at FROM logs WHERE user_id = $1 AND type = $3 ORDER BY created_at DESC LIMIT $4
         ) recent WHERE model_name = $2 ORDER BY created_at DESC LIMIT $5
       ) calls`,
      [userId, model, LOG_TYPE.CONSUME, RECENT_LOGS, RECENT_CALLS],
    );
    return row && row.calls > 0 && row.mean !== null ? row.mean : undefined;
  }
}
