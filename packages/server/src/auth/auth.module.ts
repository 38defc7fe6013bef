import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TwoFactorModule } from '../two-factor/two-factor.module';
import { UserEntity } from '../users/user.entity';
import { AuthGuard } from './auth.guard';
import { Authenticator } from './authenticator';
import { JsonBodyGuard } from './json-body.guard';
import { SameOriginGuard } from './same-origin.guard';
import { SessionCleanupJob } from './session-cleanup.job';
import { SessionCookies } from './session-cookies';
import { SessionEntity } from './session.entity';
import { SessionsService } from './sessions.service';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([SessionEntity, UserEntity]), TwoFactorModule],
  providers: [
    SessionsService,
    SessionCookies,
    Authenticator,
    SessionCleanupJob,
    SameOriginGuard,
    // Before authentication: a cross-site write is refused whoever it claims to be, and a body
    // another site's form could send is refused on routes that read JSON, whoever sends it.
    { provide: APP_GUARD, useExisting: SameOriginGuard },
    { provide: APP_GUARD, useClass: JsonBodyGuard },
    { provide: APP_GUARD, useClass: AuthGuard },
  ],
  exports: [SessionsService, SessionCookies, Authenticator, SameOriginGuard],
})
export class AuthModule {}
