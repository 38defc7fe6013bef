import { TOKEN_BATCH_MAX } from '@gw/shared';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { TokenFieldsDto } from './token-fields.dto';

const COUNT_MESSAGE = `令牌数量必须是 1 到 ${TOKEN_BATCH_MAX} 之间的整数`;

export class CreateTokenDto extends TokenFieldsDto {
  /** How many tokens to create at once (spec 2 §5); 1 when left out. */
  @IsOptional()
  @IsInt({ message: COUNT_MESSAGE })
  @Min(1, { message: COUNT_MESSAGE })
  @Max(TOKEN_BATCH_MAX, { message: COUNT_MESSAGE })
  count?: number;
}
