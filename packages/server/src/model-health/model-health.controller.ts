import { Controller, Get, Query } from '@nestjs/common';
import { Access } from '../auth/access.decorator';
import { nowSeconds } from '../common/time';
import { heartInfosRange, ModelHeartInfosQuery } from './dto/model-heart-infos.query';
import { HeartbeatsService, HeartInfos } from './heartbeats.service';

/** The model health check page (spec 2 §7 Model health). */
@Controller('api')
@Access('admin')
export class ModelHealthController {
  constructor(private readonly heartbeats: HeartbeatsService) {}

  @Get('model_heart_infos')
  infos(@Query() query: ModelHeartInfosQuery): Promise<HeartInfos> {
    const { start, end } = heartInfosRange(query, nowSeconds());
    return this.heartbeats.latest(start, end);
  }
}
