import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ChannelsModule } from '../channels/channels.module';
import { BillingModule } from '../relay/billing/billing.module';
import { RelayModule } from '../relay/relay.module';
import { StorageModule } from '../storage/storage.module';
import { ChatFileEntity } from './chat-file.entity';
import { ChatModelsController } from './chat-models.controller';
import { ChatUploadsController } from './chat-uploads.controller';
import { ChatUploadsService } from './chat-uploads.service';
import { ChatMessageEntity } from './chat-message.entity';
import { ConversationEntity } from './conversation.entity';
import { ConversationsController } from './conversations.controller';
import { ConversationsService } from './conversations.service';
import { ModelConfigService } from './model-config.service';
import { TalkingEntity } from './talking.entity';
import { TalkingsController } from './talkings.controller';
import { TalkingsService } from './talkings.service';
import { UserModelConfigEntity } from './user-model-config.entity';
import { ChatImages } from './chat-images';
import { ChatLookup } from './chat-lookup';
import { ChatMessageController } from './compare-chat.controller';
import { ConsoleChatDoor } from './console-chat-door';
import { CompareChatLive } from './compare-chat-live';
import { CompareChatService } from './compare-chat.service';
import { CompareChatStore } from './compare-chat-store';
import { InterruptedAnswers } from './interrupted-answers';

/**
 * The multi-model compare chat (spec 3 §2.9–2.10; issue 15): talkings, one conversation per model,
 * persisted message rows with their variants, chat uploads, the models' parameter rules and each
 * user's saved parameters. Answers go through the relay (RelayService) and are billed like the
 * playground, to the signed-in user's token.
 */
@Module({
  imports: [TypeOrmModule.forFeature([TalkingEntity, ConversationEntity, ChatMessageEntity, ChatFileEntity, UserModelConfigEntity]), RelayModule, BillingModule, ChannelsModule, StorageModule],
  controllers: [ChatModelsController, TalkingsController, ChatUploadsController, ChatMessageController, ConversationsController],
  // ConsoleChatDoor: the chat's answers, served from the relay's front door (app.factory.ts).
  providers: [TalkingsService, ConversationsService, ModelConfigService, ChatUploadsService, CompareChatService, ConsoleChatDoor, ChatLookup, CompareChatStore, CompareChatLive, ChatImages, InterruptedAnswers],
})
export class TalkingsModule {}
