import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { ApiDocsModule } from './api-docs/api-docs.module';
import { AuditModule } from './audit/audit.module';
import { AuthModule } from './auth/auth.module';
import { ChannelLimitsModule } from './channel-limits/channel-limits.module';
import { ChannelOpsModule } from './channel-ops/channel-ops.module';
import { ChannelsModule } from './channels/channels.module';
import { ClusterModule } from './cluster/cluster.module';
import { EnvelopeInterceptor } from './common/envelope.interceptor';
import { HttpDrain } from './common/http-drain';
import { AllExceptionsFilter } from './common/exception.filter';
import { throttlerOptions } from './common/throttle';
import { APP_CONFIG, AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { CryptoModule } from './crypto/crypto.module';
import { CustomerConnectModule } from './customer-connect/customer-connect.module';
import { DataLibraryModule } from './data-library/data-library.module';
import { DataImportsModule } from './data-library/imports/data-imports.module';
import { DatabaseModule } from './database/database.module';
import { DevicesModule } from './sessions/devices.module';
import { EmailAuthModule } from './email-auth/email-auth.module';
import { JobsModule } from './jobs/jobs.module';
import { MetricsModule } from './metrics/metrics.module';
import { ModelHealthModule } from './model-health/model-health.module';
import { OAuthModule } from './oauth/oauth.module';
import { OptionsModule } from './options/options.module';
import { OutboundModule } from './outbound/outbound.module';
import { PasskeysModule } from './passkeys/passkeys.module';
import { PaymentsModule } from './payments/payments.module';
import { StripeModule } from './stripe/stripe.module';
import { PricingModule } from './pricing/pricing.module';
import { QueueBoardModule } from './queue-board/queue-board.module';
import { RedemptionsModule } from './redemptions/redemptions.module';
import { RedisModule } from './redis/redis.module';
import { RedisService } from './redis/redis.service';
import { RelayModule } from './relay/relay.module';
import { StatusModule } from './status/status.module';
import { StatisticsModule } from './statistics/statistics.module';
import { MonitoringModule } from './monitoring/monitoring.module';
import { TalkingsModule } from './talkings/talkings.module';
import { ArenaModule } from './arena/arena.module';
import { SubscriptionsModule } from './subscriptions/subscriptions.module';
import { TasksModule } from './tasks/tasks.module';
import { WorkflowsModule } from './workflows/workflows.module';
import { StorageModule } from './storage/storage.module';
import { TokensModule } from './tokens/tokens.module';
import { UpdatesModule } from './updates/updates.module';
import { UsersModule } from './users/users.module';
import { UserFilesModule } from './files/user-files.module';

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
        StorageModule,
        ThrottlerModule.forRootAsync({ inject: [APP_CONFIG, RedisService], useFactory: throttlerOptions }),
        JobsModule,
        MetricsModule,
        OptionsModule,
        AuditModule,
        OutboundModule,
        AuthModule,
        // Before any module importing ChannelsModule: GET api/channel/monitor/:id must not reach its GET :id.
        ChannelLimitsModule,
        // Before ChannelOpsModule, which imports ChannelsModule: GET api/channel/abilities must not reach its GET :id.
        ModelHealthModule,
        // Before the first module that imports ChannelsModule (UsersModule): Nest registers routes in
        // the order modules are found, and GET api/channel/test must not reach ChannelsModule's GET :id.
        ChannelOpsModule,
        EmailAuthModule,
        // Before UsersModule: GET api/user/topup/ must not reach its GET api/user/:id.
        PaymentsModule,
        StripeModule,
        // Before UsersModule: GET api/user/sessions must not reach its GET api/user/:id.
        DevicesModule,
        // Before UsersModule: GET api/user/passkey must not reach its GET api/user/:id.
        PasskeysModule,
        UsersModule,
        OAuthModule,
        StatusModule,
        UpdatesModule,
        TokensModule,
        ChannelsModule,
        PricingModule,
        CustomerConnectModule,
        RedemptionsModule,
        DataLibraryModule,
        DataImportsModule,
        RelayModule,
        TalkingsModule,
        ArenaModule,
        SubscriptionsModule,
        WorkflowsModule,
        UserFilesModule,
        StatisticsModule,
        MonitoringModule,
        TasksModule,
        ApiDocsModule,
        QueueBoardModule,
      ],
      providers: [
        HttpDrain,
        // Rate limits are checked before authentication, so that guessing costs a request too.
        { provide: APP_GUARD, useClass: ThrottlerGuard },
        { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
      ],
    };
  }
}
