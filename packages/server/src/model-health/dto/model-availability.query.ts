import { Type } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import { MODEL_AVAILABILITY_DAYS, type ModelAvailabilityDays, MSG_MODEL_AVAILABILITY_DAYS } from '@gw/shared';

/** `GET /api/channel/availability/:id`: the last 7 (default), 15 or 30 days. */
export class ModelAvailabilityQuery {
  @IsOptional()
  @Type(() => Number)
  @IsIn(MODEL_AVAILABILITY_DAYS, { message: MSG_MODEL_AVAILABILITY_DAYS })
  days?: ModelAvailabilityDays;
}
