import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { MSG_OUT_OF_RANGE } from '../../common/input-rules';
import { INT8_MAX } from '../../common/int-range';

export class AffTransferDto {
  @Type(() => Number)
  @IsInt({ message: '划转额度必须是整数' })
  @Min(1, { message: '划转额度必须大于 0' })
  @Max(INT8_MAX, { message: MSG_OUT_OF_RANGE })
  quota: number;
}
