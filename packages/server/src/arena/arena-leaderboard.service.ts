import { type ArenaRating, type ArenaWinMatrix, MSG_ARENA_SCOPE_FORBIDDEN, ROLE_ADMIN } from '@gw/shared';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { BusinessError } from '../common/business.error';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { nowSeconds } from '../common/time';
import { JobsService } from '../jobs/jobs.service';
import { OptionsService } from '../options/options.service';
import type { UserEntity } from '../users/user.entity';
import { ArenaBoardEntity } from './arena-board.entity';
import { type ArenaVoteEntity } from './arena-vote.entity';
import { type Battle, fitRatings, winRateMatrix } from './bradley-terry';

export const ARENA_LEADERBOARD_JOB = 'arena-leaderboard';

/** A board to recompute: its scope ('all' or 'user:<id>') and category ('' for all). */
export interface BoardKey {
  scope: string;
  category: string;
}

const EMPTY_MATRIX: ArenaWinMatrix = { models: [], rates: [], counts: [] };

/**
 * The arena's leaderboards (issue 33): Bradley–Terry ratings with bootstrap intervals, mean cost
 * and first-token time per model, and the pairwise win rates, fitted on the votes by a job after
 * new votes and kept per scope and category (ArenaBoardEntity). Reading a board never fits.
 */
@Injectable()
export class ArenaLeaderboardService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobsService,
    private readonly options: OptionsService,
  ) {}

  onModuleInit(): void {
    this.jobs.register({ name: ARENA_LEADERBOARD_JOB, attempts: 3, handle: () => this.recomputeStale() });
  }

  /** The boards a vote of `userId` in `category` changes, bumped in the vote's transaction. */
  async markStale(manager: EntityManager, userId: number, category: string): Promise<void> {
    const keys: BoardKey[] = [];
    for (const scope of ['all', `user:${userId}`]) for (const each of new Set(['', category])) keys.push({ scope, category: each });
    for (const key of keys) {
      await manager.query(
        `INSERT INTO arena_boards (scope, category, matrix) VALUES ($1, $2, $3)
         ON CONFLICT (scope, category) DO UPDATE SET version = arena_boards.version + 1`,
        [key.scope, key.category, JSON.stringify(EMPTY_MATRIX)],
      );
    }
  }

  /** Asks for the job; one waiting job serves every vote cast before it runs. */
  async recomputeSoon(): Promise<void> {
    await this.jobs.enqueue(ARENA_LEADERBOARD_JOB, {}, { jobId: ARENA_LEADERBOARD_JOB });
  }

  /**
   * GET /relay/v1/arena/leaderboard: the whole site's board for administrators (or everyone with
   * ArenaLeaderboardPublic), else the user's own. A refusal is the console's `success: false`, not
   * HTTP 403, which the console reads as an expired access token.
   */
  async ratings(user: UserEntity, scope: 'me' | 'all', category: string): Promise<ArenaRating[]> {
    return (await this.board(user, scope, category))?.ratings ?? [];
  }

  async matrix(user: UserEntity, scope: 'me' | 'all', category: string): Promise<ArenaWinMatrix> {
    return (await this.board(user, scope, category))?.matrix ?? EMPTY_MATRIX;
  }

  /**
   * Fits every board a vote made stale, or that was fitted with the other ArenaDropSelfIdentified,
   * until none is; a vote cast meanwhile is caught by the next pass.
   */
  async recomputeStale(): Promise<void> {
    for (;;) {
      const drop = this.dropSelfIdentified();
      const stale = await this.dataSource
        .getRepository(ArenaBoardEntity)
        .createQueryBuilder('b')
        .where('b.version > b.computed_version OR b.computed_drop <> :drop', { drop })
        .limit(50)
        .getMany();
      if (stale.length === 0) return;
      for (const board of stale) await this.recompute(board, drop);
    }
  }

  private async board(user: UserEntity, scope: 'me' | 'all', category: string): Promise<ArenaBoardEntity | null> {
    if (scope === 'all' && user.role < ROLE_ADMIN && !this.options.getBoolean('ArenaLeaderboardPublic')) throw new BusinessError(MSG_ARENA_SCOPE_FORBIDDEN);
    const board = await this.dataSource.getRepository(ArenaBoardEntity).findOneBy({ scope: scope === 'all' ? 'all' : `user:${user.id}`, category });
    // A board left behind (the job's queue lost, a failed run, the option changed) is asked for again when read.
    if (board && (board.version > board.computed_version || board.computed_drop !== this.dropSelfIdentified())) await this.recomputeSoon();
    return board;
  }

  private async recompute(board: ArenaBoardEntity, drop: boolean): Promise<void> {
    const { version } = board;
    const votes = await this.votesOf(board, drop);
    const quotaPerUnit = this.options.getNumber('QuotaPerUnit') || 1;
    const battles = votes.flatMap(battlesOf);
    const ratings = fitRatings(battles).map((rating): ArenaRating => {
      const places = votes.flatMap((vote) => vote.models.filter((place) => place.model === rating.model));
      const timed = places.filter((place) => place.first_token_ms > 0);
      return {
        ...rating,
        mean_cost: places.length === 0 ? 0 : places.reduce((sum, place) => sum + place.quota, 0) / places.length / quotaPerUnit,
        mean_first_token_ms: timed.length === 0 ? 0 : Math.round(timed.reduce((sum, place) => sum + place.first_token_ms, 0) / timed.length),
      };
    });
    // Only the version read is marked computed: a vote that bumped it meanwhile keeps the board stale.
    await this.dataSource.query(
      `UPDATE arena_boards SET ratings = $3, matrix = $4, votes = $5, computed_version = $6, computed_drop = $8, computed_at = $7
        WHERE scope = $1 AND category = $2 AND (computed_version < $6 OR computed_drop <> $8)`,
      [board.scope, board.category, JSON.stringify(ratings), JSON.stringify(winRateMatrix(battles)), votes.length, version, nowSeconds(), drop],
    );
  }

  private dropSelfIdentified(): boolean {
    return this.options.getBoolean('ArenaDropSelfIdentified');
  }

  private votesOf(board: BoardKey, drop: boolean): Promise<Array<Pick<ArenaVoteEntity, 'winner' | 'models'>>> {
    const userId = board.scope.startsWith('user:') ? Number(board.scope.slice('user:'.length)) : null;
    return this.dataSource.query(
      `SELECT winner, models FROM arena_votes
        WHERE ($1::int IS NULL OR user_id = $1) AND ($2 = '' OR category = $2) AND NOT ($3 AND self_identified)
        ORDER BY id`,
      [userId, board.category, drop],
    );
  }
}

/**
 * The pairwise battles of one vote. Two places: one battle. Three: the winner beat each of the
 * other two, and the two losers were not compared (nothing says which was better); a draw ties
 * every pair.
 */
export function battlesOf(vote: Pick<ArenaVoteEntity, 'winner' | 'models'>): Battle[] {
  const battles: Battle[] = [];
  const { models: places, winner } = vote;
  for (let first = 0; first < places.length; first++) {
    for (let second = first + 1; second < places.length; second++) {
      const a = places[first];
      const b = places[second];
      if (winner === a.label) battles.push({ a: a.model, b: b.model, outcome: 'a' });
      else if (winner === b.label) battles.push({ a: a.model, b: b.model, outcome: 'b' });
      else if (winner === 'tie' || winner === 'both_bad') battles.push({ a: a.model, b: b.model, outcome: 'tie' });
    }
  }
  return battles;
}
