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

  @Column({ type: 'bigint', transformer: bigintToNumber })
  created_at: number;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  updated_at: number;
}
