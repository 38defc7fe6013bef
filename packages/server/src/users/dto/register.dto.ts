import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { IsValidPassword } from './password.rules';
import { IsValidUsername, trim } from './username.rules';

export class RegisterDto {
  @IsValidUsername()
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
