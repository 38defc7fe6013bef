import { USERNAME_MAX_LENGTH } from '@gw/shared';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { IsValidPassword } from './password.rules';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class RegisterDto {
  @Transform(trim)
  @IsString({ message: '请输入用户名' })
  @IsNotEmpty({ message: '请输入用户名' })
  @MaxLength(USERNAME_MAX_LENGTH, { message: `用户名长度不得大于 ${USERNAME_MAX_LENGTH} 位` })
  @Matches(/^[^\s<>"'&]+$/, { message: '用户名不能包含空格或特殊字符 < > " \' &' })
  username: string;

  @IsValidPassword()
  password: string;

  @IsOptional()
  @IsString()
  password2?: string;

  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(255, { message: '邮箱地址过长' })
  email?: string;

  @IsOptional()
  @IsString()
  @MaxLength(32)
  verification_code?: string;

  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(32, { message: '邀请码无效，请向邀请人确认' })
  aff_code?: string;
}
