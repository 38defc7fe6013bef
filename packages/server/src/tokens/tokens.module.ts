import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '../users/users.module';
import { TokenEntity } from './token.entity';
import { TokensController } from './tokens.controller';
import { TokenEvents } from './token-events';
import { TokensService } from './tokens.service';

/** Users' API tokens. The relay uses the exported service to authenticate `sk-` keys. */
@Module({
  imports: [TypeOrmModule.forFeature([TokenEntity]), UsersModule],
  controllers: [TokensController],
  providers: [TokensService, TokenEvents],
  exports: [TokensService, TokenEvents],
})
export class TokensModule {}
