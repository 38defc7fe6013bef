import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

const MSG_LINK_INVALID = '重置链接非法或已过期';

/** `POST /api/user/reset {email, token}`: the two query parameters of the reset link. */
export class ResetConfirmDto {
  @IsString({ message: MSG_LINK_INVALID })
  @IsNotEmpty({ message: MSG_LINK_INVALID })
  @MaxLength(255, { message: MSG_LINK_INVALID })
  email: string;

  @IsString({ message: MSG_LINK_INVALID })
  @IsNotEmpty({ message: MSG_LINK_INVALID })
  @MaxLength(128, { message: MSG_LINK_INVALID })
  token: string;
}
