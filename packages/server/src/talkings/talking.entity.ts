import type { TalkingMode } from '@gw/shared';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintToNumber } from '../common/bigint.transformer';

/** One compare chat of a user (spec 3 §3 Talking; migration 1765080000000). */
@Entity('talkings')
export class TalkingEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  user_id: number;

  @Column({ type: 'varchar', length: 50 })
  name: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  summary: string;

  /** 'arena': a blind battle (issue 33; migration 1795832000000). */
  @Column({ type: 'varchar', length: 8, default: 'chat' })
  mode: TalkingMode;

  /** The tag the arena leaderboard groups battles by. */
  @Column({ type: 'varchar', length: 50, default: '' })
  category: string;

  /** When a round of the battle was voted and its models shown; null while blind (and outside the arena). */
  @Column({ type: 'bigint', nullable: true, transformer: bigintToNumber })
  revealed_at: number | null;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  created_at: number;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  updated_at: number;
}
