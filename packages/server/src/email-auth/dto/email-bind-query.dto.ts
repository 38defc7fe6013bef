import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** `GET /api/oauth/email/bind?email=&code=` (spec 1 §7). */
export class EmailBindQueryDto {
  @IsString({ message: '请输入邮箱！' })
  @IsNotEmpty({ message: '请输入邮箱！' })
  @MaxLength(255, { message: '邮箱地址过长' })
  email: string;

  @IsString({ message: '请输入邮箱验证码！' })
  @IsNotEmpty({ message: '请输入邮箱验证码！' })
  @MaxLength(32, { message: '验证码错误或已过期' })
  code: string;
}
