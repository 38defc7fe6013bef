import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintToNumber } from '../common/bigint.transformer';

/**
 * One row per group × model × channel: what the relay looks up to choose a channel. Kept in sync
 * with the channel in the same transaction as every change to it. The capability flags are set by
 * admins on the row and survive the sync; so does the model's own status on the channel.
 */
@Entity('abilities')
export class AbilityEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  group: string;

  @PrimaryColumn({ type: 'varchar', length: 255 })
  model: string;

  @PrimaryColumn({ type: 'integer' })
  channel_id: number;

  /**
   * The row routes: the channel is enabled and so is the model on it (`status` 1). A database
   * trigger keeps it false while `status` is not 1, whoever writes it (migration 1795812000000).
   */
  @Column({ type: 'boolean' })
  enabled: boolean;

  /**
   * The model's own status on this channel (ABILITY_STATUS: 1 enabled, 2 disabled by an
   * administrator, 3 disabled by the gateway), the same in every group's row (model-status.service.ts).
   */
  @Column({ type: 'smallint' })
  status: number;

  /** Why the model was disabled on this channel ('' while enabled). */
  @Column({ type: 'text' })
  status_reason: string;

  /** Unix seconds of the last status change; 0 while it never changed. */
  @Column({ type: 'bigint', transformer: bigintToNumber })
  status_time: number;

  @Column({ type: 'integer' })
  priority: number;

  @Column({ type: 'integer' })
  weight: number;

  @Column({ type: 'varchar', length: 64 })
  tag: string;

  @Column({ type: 'boolean' })
  is_deep_seek: boolean;

  @Column({ type: 'boolean' })
  is_viewable: boolean;
}
