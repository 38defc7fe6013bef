import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintToNumber } from '../common/bigint.transformer';

/** One probe of one model on one channel (spec 2 §3 Heartbeat), written by the model-heartbeat job. */
@Entity('heartbeats')
export class HeartbeatEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'integer' })
  channel_id: number;

  /** The channel's name when it was probed. */
  @Column({ type: 'varchar', length: 128 })
  provider: string;

  @Column({ type: 'varchar', length: 255 })
  model: string;

  /** The run's time slot (unix seconds): one row per channel, model and slot. */
  @Column({ type: 'bigint', transformer: bigintToNumber })
  slot: number;

  /** Unix seconds, when the probe was sent. */
  @Column({ type: 'bigint', transformer: bigintToNumber })
  created_at: number;

  /** Milliseconds. */
  @Column({ type: 'integer' })
  resp_time: number;

  @Column({ type: 'smallint' })
  level: number;

  @Column({ type: 'text' })
  err_reason: string;
}
