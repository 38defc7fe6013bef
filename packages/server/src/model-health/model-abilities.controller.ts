import { Controller, Get, Query } from '@nestjs/common';
import { Access } from '../auth/access.decorator';
import { ListAbilitiesQuery } from './dto/list-abilities.query';
import { AbilityPage, ModelAbilitiesService } from './model-abilities.service';

/**
 * The model management list. Its path sits under ChannelsController's, whose `GET :id` would take
 * "abilities" for an id: ModelHealthModule is imported before ChannelsModule so this route is
 * registered first (model-abilities.spec.ts checks it).
 */
@Controller('api/channel')
@Access('admin')
export class ModelAbilitiesController {
  constructor(private readonly abilities: ModelAbilitiesService) {}

  @Get('abilities')
  list(@Query() query: ListAbilitiesQuery): Promise<AbilityPage> {
    return this.abilities.list(query);
  }
}
