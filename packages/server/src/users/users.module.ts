import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ChannelsModule } from '../channels/channels.module';
import { RootBootstrap } from './root-bootstrap';
import { UserEntity } from './user.entity';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

@Module({
  imports: [TypeOrmModule.forFeature([UserEntity]), ChannelsModule],
  controllers: [UsersController],
  providers: [UsersService, RootBootstrap],
  exports: [UsersService],
})
export class UsersModule {}
