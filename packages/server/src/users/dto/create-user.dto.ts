import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { IsValidPassword } from './password.rules';
import { IsValidUsername, trim } from './username.rules';

export const DISPLAY_NAME_MAX_LENGTH = 64;

/** `POST /api/user/`: an administrator adds an ordinary user (spec 2 §7). */
export class CreateUserDto {
  @IsValidUsername()
  username: string;

  /** Empty or absent: the username. */
  @IsOptional()
  @Transform(trim)
  @IsString({ message: '显示名称必须是字符串' })
  @MaxLength(DISPLAY_NAME_MAX_LENGTH, { message: `显示名称长度不得大于 ${DISPLAY_NAME_MAX_LENGTH} 位` })
  display_name?: string;

  @IsValidPassword()
  password: string;
}
