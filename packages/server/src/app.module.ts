import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { AuthModule } from './auth/auth.module';
import { ChannelsModule } from './channels/channels.module';
import { ClusterModule } from './cluster/cluster.module';
import { EnvelopeInterceptor } from './common/envelope.interceptor';
import { AllExceptionsFilter } from './common/exception.filter';
import { throttlerOptions } from './common/throttle';
import { APP_CONFIG, AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { CryptoModule } from './crypto/crypto.module';
import { DatabaseModule } from './database/database.module';
import { JobsModule } from './jobs/jobs.module';
import { OptionsModule } from './options/options.module';
import { PricingModule } from './pricing/pricing.module';
import { RedisModule } from './redis/redis.module';
import { RedisService } from './redis/redis.service';
import { RelayModule } from './relay/relay.module';
import { StatusModule } from './status/status.module';
import { TokensModule } from './tokens/tokens.module';
import { UpdatesModule } from './updates/updates.module';
import { UsersModule } from './users/users.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        RedisModule,
        ClusterModule,
        CryptoModule,
        DatabaseModule,
        ThrottlerModule.forRootAsync({ inject: [APP_CONFIG, RedisService], useFactory: throttlerOptions }),
        JobsModule,
        OptionsModule,
        AuthModule,
        UsersModule,
        StatusModule,
        UpdatesModule,
        TokensModule,
        ChannelsModule,
        PricingModule,
        RelayModule,
      ],
      providers: [
        // Rate limits are checked before authentication, so that guessing costs a request too.
        { provide: APP_GUARD, useClass: ThrottlerGuard },
        { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
      ],
    };
  }
}
