import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintToNumber } from '../common/bigint.transformer';

/** One place of a voted battle, as the leaderboard needs it (kept with the vote, so it outlives the talking). */
export interface VotedPlace {
  label: string;
  model: string;
  conversation_id: number;
  /** The voted answer's row. */
  message_id: number;
  quota: number;
  first_token_ms: number;
}

/** A vote on one round of an arena battle (issue 33; migration 1795832000000). */
@Entity('arena_votes')
export class ArenaVoteEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  user_id: number;

  /** Null once the user deleted the battle: the vote still counts. */
  @Column({ type: 'integer', nullable: true })
  talking_id: number | null;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  round_id: number;

  /** The winning place (A, B, C), 'tie' or 'both_bad'. */
  @Column({ type: 'varchar', length: 16 })
  winner: string;

  @Column({ type: 'varchar', length: 50, default: '' })
  category: string;

  @Column({ type: 'jsonb' })
  models: VotedPlace[];

  /** An answer of the round named a model: left out of the ratings when ArenaDropSelfIdentified is on. */
  @Column({ type: 'boolean', default: false })
  self_identified: boolean;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  created_at: number;
}
