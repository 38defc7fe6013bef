import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ChannelsModule } from '../channels/channels.module';
import { EmailAuthModule } from '../email-auth/email-auth.module';
import { BillingModule } from '../relay/billing/billing.module';
import { TwoFactorModule } from '../two-factor/two-factor.module';
import { LoginAttempts } from './login-attempts';
import { RootBootstrap } from './root-bootstrap';
import { UserAdminController } from './user-admin.controller';
import { UserAdminService } from './user-admin.service';
import { UserEvents } from './user-events';
import { UserEntity } from './user.entity';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

@Module({
  imports: [TypeOrmModule.forFeature([UserEntity]), ChannelsModule, EmailAuthModule, BillingModule, TwoFactorModule],
  // UserAdminController after UsersController: its GET :id must not catch GET self, token, aff, models.
  controllers: [UsersController, UserAdminController],
  providers: [UsersService, RootBootstrap, UserAdminService, UserEvents, LoginAttempts],
  exports: [UsersService, UserEvents],
})
export class UsersModule {}
