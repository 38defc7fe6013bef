import { type ArenaRating, type ArenaVoteView, type ArenaWinMatrix, type ConversationView, MSG_ARENA_VOTED } from '@gw/shared';
import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { Access } from '../auth/access.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import type { Reply } from '../common/envelope.interceptor';
import { ok } from '../talkings/chat-reply';
import type { UserEntity } from '../users/user.entity';
import { ArenaBattlesService } from './arena-battles.service';
import { ArenaLeaderboardService } from './arena-leaderboard.service';
import { LeaderboardQuery, OpenBattleDto, VoteDto } from './dto/arena.dto';

/** The compare chat's arena (issue 33): battles, votes and the leaderboard. A battle's talking is made by POST /relay/v1/talking/ with mode 'arena'. */
@Controller('relay/v1/arena')
@Access('user')
export class ArenaController {
  constructor(
    private readonly battles: ArenaBattlesService,
    private readonly leaderboard: ArenaLeaderboardService,
  ) {}

  @Post('battle')
  @HttpCode(200)
  async open(@CurrentUser() user: UserEntity, @Body() dto: OpenBattleDto): Promise<Reply<ConversationView[]>> {
    return ok(await this.battles.open(user, dto.talking_id, dto.models, dto.count));
  }

  @Post('vote')
  @HttpCode(200)
  async vote(@CurrentUser() user: UserEntity, @Body() dto: VoteDto): Promise<Reply<{ vote: ArenaVoteView; conversations: ConversationView[] }>> {
    return ok(await this.battles.vote(user, dto.talking_id, dto.round_id, dto.winner), MSG_ARENA_VOTED);
  }

  @Get('leaderboard')
  async ratings(@CurrentUser() user: UserEntity, @Query() query: LeaderboardQuery): Promise<Reply<ArenaRating[]>> {
    return ok(await this.leaderboard.ratings(user, query.scope ?? 'me', query.category ?? ''));
  }

  @Get('matrix')
  async matrix(@CurrentUser() user: UserEntity, @Query() query: LeaderboardQuery): Promise<Reply<ArenaWinMatrix>> {
    return ok(await this.leaderboard.matrix(user, query.scope ?? 'me', query.category ?? ''));
  }
}
