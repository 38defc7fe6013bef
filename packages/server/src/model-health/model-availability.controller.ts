import { Controller, Get, Param, Query } from '@nestjs/common';
import type { ModelAvailability } from '@gw/shared';
import { Access } from '../auth/access.decorator';
import { MSG_CHANNEL_NOT_FOUND } from '../channels/channel-rules';
import { IdPipe } from '../common/int-range';
import { ModelAvailabilityQuery } from './dto/model-availability.query';
import { ModelAvailabilityService } from './model-availability.service';

/** The availability of a channel's models by day (issue 29). Two segments under api/channel: no clash with `GET :id`. */
@Controller('api/channel')
@Access('admin')
export class ModelAvailabilityController {
  constructor(private readonly availability: ModelAvailabilityService) {}

  @Get('availability/:id')
  of(@Param('id', new IdPipe(MSG_CHANNEL_NOT_FOUND)) id: number, @Query() query: ModelAvailabilityQuery): Promise<ModelAvailability[]> {
    return this.availability.of(id, query.days ?? 7);
  }
}
