import type { ChatModelView } from '@gw/shared';
import { Controller, Get } from '@nestjs/common';
import { Access } from '../auth/access.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import type { UserEntity } from '../users/user.entity';
import { ChannelsService } from './channels.service';
import { ModelCatalogService } from './model-catalog.service';

/** Groups and model lists read by the channel form and the chat pages. */
@Controller()
export class CatalogController {
  constructor(
    private readonly channels: ChannelsService,
    private readonly catalog: ModelCatalogService,
  ) {}

  @Get('api/group')
  @Access('admin')
  groups(): string[] {
    return this.channels.groups();
  }

  @Get('api/models')
  @Access('admin')
  modelsByType(): Record<number, readonly string[]> {
    return this.catalog.defaultsByType();
  }

  /** Under /v1/ but for the console's chat pages (session): models the user's group may use. */
  @Get('v1/models/lists')
  @Access('user')
  async modelList(@CurrentUser() user: UserEntity): Promise<{ success: true; data: ChatModelView[] }> {
    return { success: true, data: await this.catalog.usableModels(user.group) };
  }
}
