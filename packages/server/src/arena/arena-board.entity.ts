import type { ArenaRating, ArenaWinMatrix } from '@gw/shared';
import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintToNumber } from '../common/bigint.transformer';

/**
 * A computed leaderboard (issue 33): per scope ('all', or 'user:<id>' for one user's votes) and
 * category ('' for every category). A vote bumps `version`; the job recomputes the boards whose
 * `computed_version` is behind (or that were computed with the other ArenaDropSelfIdentified), so a
 * vote cast while the job runs is never missed.
 */
@Entity('arena_boards')
export class ArenaBoardEntity {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  scope: string;

  @PrimaryColumn({ type: 'varchar', length: 50 })
  category: string;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  ratings: ArenaRating[];

  @Column({ type: 'jsonb' })
  matrix: ArenaWinMatrix;

  @Column({ type: 'integer', default: 0 })
  votes: number;

  @Column({ type: 'integer', default: 1 })
  version: number;

  @Column({ type: 'integer', default: 0 })
  computed_version: number;

  /** ArenaDropSelfIdentified as it was when the board was computed: a change of it makes every board stale. */
  @Column({ type: 'boolean', default: false })
  computed_drop: boolean;

  @Column({ type: 'bigint', default: 0, transformer: bigintToNumber })
  computed_at: number;
}
