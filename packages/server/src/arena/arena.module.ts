import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ChannelsModule } from '../channels/channels.module';
import { ChatMessageEntity } from '../talkings/chat-message.entity';
import { ConversationEntity } from '../talkings/conversation.entity';
import { TalkingEntity } from '../talkings/talking.entity';
import { ArenaBattlesService } from './arena-battles.service';
import { ArenaBoardEntity } from './arena-board.entity';
import { ArenaController } from './arena.controller';
import { ArenaLeaderboardService } from './arena-leaderboard.service';
import { ArenaVoteEntity } from './arena-vote.entity';

/**
 * The compare chat's arena (issue 33): blind battles over the compare chat's talkings, votes and
 * the Bradley–Terry leaderboard. Blindness itself lives with the chat's views (talkings/arena-blinding.ts).
 */
@Module({
  imports: [TypeOrmModule.forFeature([ArenaVoteEntity, ArenaBoardEntity, TalkingEntity, ConversationEntity, ChatMessageEntity]), ChannelsModule],
  controllers: [ArenaController],
  providers: [ArenaBattlesService, ArenaLeaderboardService],
})
export class ArenaModule {}
