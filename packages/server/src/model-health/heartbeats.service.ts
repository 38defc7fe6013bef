import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { HeartbeatEntity } from './heartbeat.entity';

export type NewHeartbeat = Omit<HeartbeatEntity, 'id'>;

/** A heartbeat as the health page shows it (spec 2 §3 Heartbeat). */
export interface HeartbeatView {
  created_at: number;
  resp_time: number;
  level: number;
  err_reason: string;
}

/** `{ [provider]: { [model]: heartbeats, newest first } }`. */
export type HeartInfos = Record<string, Record<string, HeartbeatView[]>>;

/** The health page shows the latest 40 heartbeats per model (spec 2 §9). */
export const HEARTBEATS_PER_MODEL = 40;
/** Old rows go in slices, so that pruning never holds one long transaction. */
const DELETE_BATCH = 10_000;

const pairKey = (channelId: number, model: string) => `${channelId}\u0000${model}`;

interface LatestRow {
  channel_id: number;
  provider: string;
  model: string;
  created_at: string;
  resp_time: number;
  level: number;
  err_reason: string;
}

/** The heartbeats table: written by the model-heartbeat job, read by the health page. */
@Injectable()
export class HeartbeatsService {
  constructor(@InjectRepository(HeartbeatEntity) private readonly heartbeats: Repository<HeartbeatEntity>) {}

  /** Stores one probe. A row already stored for its channel, model and slot wins (a run delivered twice). */
  async store(row: NewHeartbeat): Promise<void> {
    await this.heartbeats.createQueryBuilder().insert().values(row).orIgnore().execute();
  }

  /** Which channel × model pairs already have their heartbeat in this slot, so a rerun skips them. */
  async probedIn(slot: number): Promise<(channelId: number, model: string) => boolean> {
    const rows: Array<{ channel_id: number; model: string }> = await this.heartbeats.query(`SELECT channel_id, model FROM heartbeats WHERE slot = $1`, [slot]);
    const done = new Set(rows.map((row) => pairKey(row.channel_id, row.model)));
    return (channelId, model) => done.has(pairKey(channelId, model));
  }

  /** Deletes heartbeats created before `before` (unix seconds); returns how many went. */
  async deleteBefore(before: number): Promise<number> {
    let deleted = 0;
    for (;;) {
      const result = await this.heartbeats
        .createQueryBuilder()
        .delete()
        .where(`id IN (SELECT id FROM heartbeats WHERE created_at < :before LIMIT ${DELETE_BATCH})`, { before })
        .execute();
      const affected = result.affected ?? 0;
      deleted += affected;
      if (affected < DELETE_BATCH) return deleted;
    }
  }

  /**
   * The latest heartbeats of every channel and model created within [start, end], newest first,
   * keyed by provider (the channel's name at probe time) then model. Channels sharing a name (a
   * batch of keys creates several) would mix their lists, so those keys carry the channel id.
   */
  async latest(start: number, end: number): Promise<HeartInfos> {
    const rows: LatestRow[] = await this.heartbeats.query(
      `SELECT channel_id, provider, model, created_at, resp_time, level, err_reason
         FROM (SELECT h.*, row_number() OVER (PARTITION BY channel_id, model ORDER BY created_at DESC, id DESC) AS rank
                 FROM heartbeats h
                WHERE created_at BETWEEN $1 AND $2) ranked
        WHERE rank <= $3
        ORDER BY provider, model, channel_id, created_at DESC, id DESC`,
      [start, end, HEARTBEATS_PER_MODEL],
    );
    const channelsByProvider = new Map<string, Set<number>>();
    for (const row of rows) {
      const channels = channelsByProvider.get(row.provider) ?? new Set<number>();
      channels.add(row.channel_id);
      channelsByProvider.set(row.provider, channels);
    }
    // Without a prototype, a channel or model named "constructor" or "__proto__" is just a key.
    const infos: HeartInfos = Object.create(null);
    for (const row of rows) {
      const provider = channelsByProvider.get(row.provider)!.size > 1 ? `${row.provider} #${row.channel_id}` : row.provider;
      const models = (infos[provider] ??= Object.create(null));
      (models[row.model] ??= []).push({ created_at: Number(row.created_at), resp_time: row.resp_time, level: row.level, err_reason: row.err_reason });
    }
    return infos;
  }
}
