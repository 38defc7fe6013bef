import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintToNumber } from '../common/bigint.transformer';

/** Log types (spec 2 §4). */
export const LOG_TYPE = { TOPUP: 1, CONSUME: 2, MANAGE: 3, SYSTEM: 4, ERROR: 5 } as const;

/** One row per relayed request (spec 2 §3 Log). */
@Entity('logs')
export class LogEntity {
  /** bigint: read as a string by the driver (rows may pass 2^31). */
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  created_at: number;

  @Column({ type: 'integer' })
  type: number;

  @Column({ type: 'integer' })
  user_id: number;

  @Column({ type: 'varchar', length: 64 })
  username: string;

  @Column({ type: 'integer' })
  token_id: number;

  @Column({ type: 'varchar', length: 64 })
  token_name: string;

  @Column({ type: 'integer' })
  channel: number;

  @Column({ type: 'varchar', length: 128 })
  channel_name: string;

  @Column({ type: 'varchar', length: 255 })
  model_name: string;

  @Column({ type: 'varchar', length: 255 })
  resp_model_name: string;

  @Column({ type: 'varchar', length: 64 })
  group: string;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  quota: number;

  @Column({ type: 'integer' })
  prompt_tokens: number;

  @Column({ type: 'integer' })
  prompt_audio_tokens: number;

  @Column({ type: 'integer' })
  cache_creation_input_tokens: number;

  @Column({ type: 'integer' })
  cache_read_input_tokens: number;

  @Column({ type: 'integer' })
  completion_tokens: number;

  @Column({ type: 'integer' })
  thoughts_tokens: number;

  /** Seconds. */
  @Column({ type: 'integer' })
  use_time: number;

  @Column({ type: 'boolean' })
  is_stream: boolean;

  @Column({ type: 'integer' })
  status_code: number;

  @Column({ type: 'text' })
  content: string;

  /** JSON: frt, model_ratio, completion_ratio, group_ratio, model_price, admin_info.use_channel, … */
  @Column({ type: 'text' })
  other: string;

  /** JSON list of the attempts: channel id, status, error, duration. */
  @Column({ type: 'text' })
  attempts_log: string;

  @Column({ type: 'varchar', length: 64 })
  request_id: string;

  @Column({ type: 'varchar', length: 64 })
  ip: string;

  /** The API format a relayed request came in (`openai`, `anthropic`); null on other rows. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  inbound_format?: string | null;

  /** The gateway process that served the request (INSTANCE_NAME), for the statistics. */
  @Column({ type: 'varchar', length: 64 })
  instance: string;

  /** The request's duration in milliseconds (use_time is whole seconds). */
  @Column({ type: 'integer' })
  use_time_ms: number;
}
