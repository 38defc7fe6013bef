import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintToNumber } from '../common/bigint.transformer';

/** One model's column in a talking (spec 3 §3 Conversation per model). */
@Entity('conversations')
export class ConversationEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  talking_id: number;

  /** Copied from the talking, so that every lookup checks the owner in one condition. */
  @Column({ type: 'integer' })
  user_id: number;

  @Column({ type: 'varchar', length: 255 })
  model_name: string;

  @Column({ type: 'integer', default: 0 })
  dialogue_count: number;

  /** Its place in an arena battle (A, B, C); '' outside the arena. */
  @Column({ type: 'varchar', length: 1, default: '' })
  arena_label: string;

  /** In a battle not yet voted: every reply names it by its place, never by its model (arena-blinding.ts). */
  @Column({ type: 'boolean', default: false })
  arena_hidden: boolean;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  created_at: number;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  updated_at: number;
}
