import { Type } from 'class-transformer';
import { IsInt, Min } from 'class-validator';

export class AffTransferDto {
  @Type(() => Number)
  @IsInt({ message: '划转额度必须是整数' })
  @Min(1, { message: '划转额度必须大于 0' })
  quota: number;
}
