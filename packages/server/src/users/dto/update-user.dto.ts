import { Transform } from 'class-transformer';
import { IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { MSG_OUT_OF_RANGE } from '../../common/input-rules';
import { INT8_MAX, IsId } from '../../common/int-range';
import { DISPLAY_NAME_MAX_LENGTH } from './create-user.dto';
import { IsValidPassword } from './password.rules';
import { IsValidUsername, trim } from './username.rules';

export const MSG_USER_NOT_FOUND = '用户不存在';

/**
 * `PUT /api/user/`: an administrator edits a user (spec 2 §7). Absent fields stay as they are; an
 * empty password too. `quota` is the new balance, a whole number (the page adds a possibly
 * negative amount to the balance it shows).
 */
export class UpdateUserDto {
  @IsId(MSG_USER_NOT_FOUND)
  id: number;

  @IsOptional()
  @IsValidUsername()
  username?: string;

  @IsOptional()
  @Transform(trim)
  @IsString({ message: '显示名称必须是字符串' })
  @MaxLength(DISPLAY_NAME_MAX_LENGTH, { message: `显示名称长度不得大于 ${DISPLAY_NAME_MAX_LENGTH} 位` })
  display_name?: string;

  @IsOptional()
  @ValidateIf((dto: UpdateUserDto) => dto.password !== '')
  @IsValidPassword()
  password?: string;

  @IsOptional()
  @Transform(trim)
  @IsString({ message: '分组必须是字符串' })
  @IsNotEmpty({ message: '请选择分组' })
  @MaxLength(64, { message: '分组名称过长' })
  group?: string;

  @IsOptional()
  @IsString({ message: '备注必须是字符串' })
  @MaxLength(255, { message: '备注长度不得大于 255 位' })
  remark?: string;

  @IsOptional()
  @IsInt({ message: '额度必须是整数' })
  @Min(0, { message: '额度不能小于 0' })
  @Max(INT8_MAX, { message: MSG_OUT_OF_RANGE })
  quota?: number;
}
