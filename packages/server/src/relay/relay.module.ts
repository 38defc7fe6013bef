import { Module } from '@nestjs/common';
import { ChannelLimitsModule } from '../channel-limits/channel-limits.module';
import { ChannelsModule } from '../channels/channels.module';
import { LogsModule } from '../logs/logs.module';
import { TokensModule } from '../tokens/tokens.module';
import { UsersModule } from '../users/users.module';
import { AffinityController } from './affinity/affinity.controller';
import { ChannelAffinity } from './affinity/channel-affinity.service';
import { AutoDisableService } from './auto-disable.service';
import { BillingModule } from './billing/billing.module';
import { PriceService } from './billing/price.service';
import { ChannelCacheService } from './channel-cache.service';
import { MessagesCountTokensService } from './inbound/messages-count-tokens.service';
import { GeminiModelsController } from './gemini-models.controller';
import { OpenAiBillingController } from './openai-billing.controller';
import { OpenAiBillingService } from './openai-billing.service';
import { PlaygroundController } from './playground.controller';
import { RelayController } from './relay.controller';
import { RelayFrontDoor } from './relay-front-door';
import { RelayLogger } from './relay-logger';
import { RelayModelsService } from './relay-models.service';
import { RelayService } from './relay.service';
import { TokenAuthService } from './token-auth.service';
import { InternalRelay } from './internal-relay';
import { KeyOutcomes } from './key-outcomes';
import { KeySelector } from './key-selector';
import { KeyUsage } from './key-usage';
import { TokenRateLimiter } from './token-rate-limiter';
import { UpstreamClient } from './upstream.client';

@Module({
  imports: [BillingModule, ChannelLimitsModule, ChannelsModule, LogsModule, TokensModule, UsersModule],
  controllers: [RelayController, GeminiModelsController, PlaygroundController, OpenAiBillingController, AffinityController],
  providers: [
    RelayService,
    RelayFrontDoor,
    MessagesCountTokensService,
    RelayModelsService,
    OpenAiBillingService,
    TokenAuthService,
    TokenRateLimiter,
    ChannelCacheService,
    PriceService,
    UpstreamClient,
    AutoDisableService,
    RelayLogger,
    InternalRelay,
    KeySelector,
    KeyUsage,
    KeyOutcomes,
    ChannelAffinity,
  ],
  // The compare chat (talkings/) and workflow runs relay their answers through the same pipeline.
  // Async tasks (tasks/) submit through the same token checks, channel choice, prices and upstream pool.
  // Their submits choose a multi-key channel's key, and disable a dead one, as the relay does (KeyOutcomes).
  exports: [RelayService, TokenAuthService, InternalRelay, PriceService, ChannelCacheService, TokenRateLimiter, UpstreamClient, KeyOutcomes],
})
export class RelayModule {}
