import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { CHANNEL_STATUS } from '@gw/shared';
import { AuditActor, Auditor } from '../audit/audit-actor';
import { Access } from '../auth/access.decorator';
import { IdPipe } from '../common/int-range';
import { AbilitiesService } from './abilities.service';
import { MSG_CHANNEL_NOT_FOUND } from './channel-rules';
import { ChannelsService, Page } from './channels.service';
import type { ChannelView, TagRow } from './channel.view';
import { CreateChannelDto } from './dto/create-channel.dto';
import { ListChannelsQuery, SearchChannelsQuery } from './dto/list-channels.query';
import { ChannelIdsDto, FetchModelsDto, UpdateAbilityDto } from './dto/misc.dto';
import { EditTagDto, TagDto } from './dto/tag.dto';
import { UpdateChannelDto } from './dto/update-channel.dto';
import { ModelCatalogService } from './model-catalog.service';

/** Channel administration (spec 2 §7 Channels). Static paths come before ':id'. */
@Controller('api/channel')
@Access('admin')
export class ChannelsController {
  constructor(
    private readonly channels: ChannelsService,
    private readonly abilities: AbilitiesService,
    private readonly catalog: ModelCatalogService,
  ) {}

  @Get()
  list(@Query() query: ListChannelsQuery): Promise<Page<ChannelView | TagRow>> {
    return this.channels.list(query);
  }

  @Get('search')
  search(@Query() query: SearchChannelsQuery): Promise<Page<ChannelView | TagRow>> {
    return this.channels.search(query);
  }

  @Get('models')
  async models(): Promise<Array<{ id: string }>> {
    return (await this.channels.modelNames(this.catalog.allDefaultModels())).map((id) => ({ id }));
  }

  @Get('fetch_models/:id')
  fetchModelsOf(@Param('id', new IdPipe(MSG_CHANNEL_NOT_FOUND)) id: number): Promise<string[]> {
    return this.channels.fetchModelsOf(id);
  }

  @Post('fetch_models')
  fetchModels(@Body() dto: FetchModelsDto): Promise<string[]> {
    return this.channels.fetchModels(dto.type, dto.base_url ?? '', dto.key.trim());
  }

  @Post()
  async create(@Auditor() actor: AuditActor, @Body() dto: CreateChannelDto): Promise<{ ids: number[] }> {
    return { ids: await this.channels.create(dto, actor) };
  }

  @Put()
  update(@Auditor() actor: AuditActor, @Body() dto: UpdateChannelDto): Promise<ChannelView> {
    return this.channels.update(dto, actor);
  }

  @Delete('disabled')
  removeDisabled(@Auditor() actor: AuditActor): Promise<number> {
    return this.channels.removeDisabled(actor);
  }

  @Post('batch')
  removeMany(@Auditor() actor: AuditActor, @Body() dto: ChannelIdsDto): Promise<number> {
    return this.channels.removeMany(dto.ids, actor);
  }

  @Post('fix')
  fix(): Promise<number> {
    return this.abilities.rebuildAll();
  }

  @Put('tag')
  editTag(@Auditor() actor: AuditActor, @Body() dto: EditTagDto): Promise<number> {
    return this.channels.editTag(dto, actor);
  }

  @Post('tag/enabled')
  enableTag(@Auditor() actor: AuditActor, @Body() dto: TagDto): Promise<number> {
    return this.channels.setTagStatus(dto.tag, CHANNEL_STATUS.ENABLED, actor);
  }

  @Post('tag/disabled')
  disableTag(@Auditor() actor: AuditActor, @Body() dto: TagDto): Promise<number> {
    return this.channels.setTagStatus(dto.tag, CHANNEL_STATUS.MANUALLY_DISABLED, actor);
  }

  @Post('update_ability')
  async updateAbility(@Auditor() actor: AuditActor, @Body() dto: UpdateAbilityDto): Promise<null> {
    await this.abilities.setFlags(
      { channel_id: dto.channel_id, group: dto.group, model: dto.model },
      { is_deep_seek: dto.is_deep_seek, is_viewable: dto.is_viewable },
      actor,
    );
    return null;
  }

  @Get(':id')
  get(@Param('id', new IdPipe(MSG_CHANNEL_NOT_FOUND)) id: number): Promise<ChannelView> {
    return this.channels.get(id);
  }

  @Delete(':id')
  async remove(@Auditor() actor: AuditActor, @Param('id', new IdPipe(MSG_CHANNEL_NOT_FOUND)) id: number): Promise<null> {
    await this.channels.remove(id, actor);
    return null;
  }
}
