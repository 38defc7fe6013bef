import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SessionEntity } from '../auth/session.entity';
import { UserEntity } from '../users/user.entity';
import { DevicesAdminController } from './devices-admin.controller';
import { DevicesController } from './devices.controller';
import { DevicesService } from './devices.service';

/** Signed-in devices (issue 31): the sessions of auth/, listed and ended by their user and by administrators. */
@Module({
  imports: [TypeOrmModule.forFeature([SessionEntity, UserEntity])],
  controllers: [DevicesController, DevicesAdminController],
  providers: [DevicesService],
})
export class DevicesModule {}
