import { type ModelParamRule, paramRulesFor } from '@gw/shared';
import { Body, Controller, Get, HttpCode, Post, Query, UseFilters } from '@nestjs/common';
import { Access } from '../auth/access.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import type { Reply } from '../common/envelope.interceptor';
import type { UserEntity } from '../users/user.entity';
import { ConsoleRefusalFilter, ok } from './chat-reply';
import { ModelConfigQuery, ModelRuleQuery } from './dto/model-params.query';
import { SaveModelConfigDto } from './dto/save-model-config.dto';
import { type ModelConfigView, ModelConfigService } from './model-config.service';

/**
 * The chat pages' parameter calls (spec 3 §5, §8 Chat). Under /v1/models/ beside the model list
 * (channels/catalog.controller.ts); no `v1/models/:param` route exists, so fixed paths cannot be
 * taken by another handler (chat-models.spec.ts checks each path's handler).
 */
@Controller('v1/models')
@Access('user')
@UseFilters(ConsoleRefusalFilter)
export class ChatModelsController {
  constructor(private readonly configs: ModelConfigService) {}

  /** The parameters a model takes, with defaults and ranges. */
  @Get('model_default_rule')
  defaultRule(@Query() query: ModelRuleQuery): Reply<ModelParamRule[]> {
    return ok(paramRulesFor(query.model));
  }

  @Get('model_config')
  async config(@CurrentUser() user: UserEntity, @Query() query: ModelConfigQuery): Promise<Reply<ModelConfigView | null>> {
    return ok(await this.configs.get(user.id, query.model_name));
  }

  @Post('model_config')
  @HttpCode(200)
  async saveConfig(@CurrentUser() user: UserEntity, @Body() dto: SaveModelConfigDto): Promise<Reply<ModelConfigView>> {
    return ok(await this.configs.save(user.id, dto.model_name, dto.config));
  }
}
