import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** `GET /api/verification` and `GET /api/reset_password` (the Turnstile token is read by its guard). */
export class EmailQueryDto {
  @IsString({ message: '请输入邮箱！' })
  @IsNotEmpty({ message: '请输入邮箱！' })
  @MaxLength(255, { message: '邮箱地址过长' })
  email: string;
}
