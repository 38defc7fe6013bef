import { TOKEN_STATUS } from '@gw/shared';
import { IsIn } from 'class-validator';
import { IsTokenId } from './token-id.rules';

/** `PUT /api/token/?status_only=true`: a user may only enable or disable a token (spec 2 §4). */
export class UpdateTokenStatusDto {
  @IsTokenId()
  id: number;

  @IsIn([TOKEN_STATUS.ENABLED, TOKEN_STATUS.DISABLED], { message: '令牌状态只能设为启用或禁用' })
  status: typeof TOKEN_STATUS.ENABLED | typeof TOKEN_STATUS.DISABLED;
}
