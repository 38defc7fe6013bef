import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One row per group × model × channel: what the relay looks up to choose a channel. Kept in sync
 * with the channel in the same transaction as every change to it. The capability flags are set by
 * admins on the row and survive the sync.
 */
@Entity('abilities')
export class AbilityEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  group: string;

  @PrimaryColumn({ type: 'varchar', length: 255 })
  model: string;

  @PrimaryColumn({ type: 'integer' })
  channel_id: number;

  @Column({ type: 'boolean' })
  enabled: boolean;

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
