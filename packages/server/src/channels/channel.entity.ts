import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintToNumber } from '../common/bigint.transformer';

/** An upstream provider connection (spec 2 §3 Channel). The key is stored sealed, never in clear. */
@Entity('channels')
export class ChannelEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  type: number;

  @Column({ type: 'varchar', length: 128 })
  name: string;

  /** The key of a single-key channel; '' for a multi-key channel, whose keys are in channel_keys. */
  @Column({ type: 'text', select: false })
  key_sealed: string;

  /** '' for a single-key channel; MULTI_KEY_MODES ('random' or 'polling') for a multi-key one. */
  @Column({ type: 'varchar', length: 16 })
  multi_key_mode: string;

  @Column({ type: 'integer' })
  status: number;

  /** Comma-joined group names. */
  @Column({ type: 'varchar', length: 255 })
  group: string;

  /** Comma-joined model names. */
  @Column({ type: 'text' })
  models: string;

  @Column({ type: 'varchar', length: 512 })
  base_url: string;

  @Column({ type: 'text' })
  other: string;

  @Column({ type: 'varchar', length: 128 })
  openai_organization: string;

  @Column({ type: 'varchar', length: 128 })
  test_model: string;

  @Column({ type: 'text' })
  model_mapping: string;

  @Column({ type: 'text' })
  status_code_mapping: string;

  @Column({ type: 'text' })
  model_req_config: string;

  @Column({ type: 'text' })
  model_req_limit: string;

  @Column({ type: 'integer' })
  max_input_tokens: number;

  @Column({ type: 'varchar', length: 64 })
  tag: string;

  @Column({ type: 'integer' })
  priority: number;

  @Column({ type: 'integer' })
  weight: number;

  @Column({ type: 'integer' })
  auto_ban: number;

  /** What the operator pays the upstream relative to list price (1 list price, 0 free): the cost of every call, for the margin statistics. */
  @Column({ type: 'double precision', default: 1 })
  cost_ratio: number;

  @Column({ type: 'double precision' })
  balance: number;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  balance_updated_time: number;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  used_quota: number;

  /** Milliseconds, from the last test. */
  @Column({ type: 'integer' })
  response_time: number;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  test_time: number;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  created_time: number;

  /** JSON: status_reason and status_time when the gateway disabled the channel. */
  @Column({ type: 'text' })
  other_info: string;
}
