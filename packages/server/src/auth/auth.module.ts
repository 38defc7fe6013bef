import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserEntity } from '../users/user.entity';
import { AuthGuard } from './auth.guard';
import { Authenticator } from './authenticator';
import { SameOriginGuard } from './same-origin.guard';
import { SessionCleanupJob } from './session-cleanup.job';
import { SessionCookies } from './session-cookies';
import { SessionEntity } from './session.entity';
import { SessionsService } from './sessions.service';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([SessionEntity, UserEntity])],
  providers: [
    SessionsService,
    SessionCookies,
    Authenticator,
    SessionCleanupJob,
    // Before authentication: a cross-site write is refused whoever it claims to be.
    { provide: APP_GUARD, useClass: SameOriginGuard },
    { provide: APP_GUARD, useClass: AuthGuard },
  ],
  exports: [SessionsService, SessionCookies, Authenticator],
})
export class AuthModule {}
