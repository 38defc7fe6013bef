import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class LoginDto {
  @IsString({ message: '请输入用户名' })
  @IsNotEmpty({ message: '请输入用户名' })
  @MaxLength(64, { message: '用户名或密码错误，或用户已被封禁' })
  username: string;

  @IsString({ message: '请输入密码' })
  @IsNotEmpty({ message: '请输入密码' })
  @MaxLength(64, { message: '用户名或密码错误，或用户已被封禁' })
  password: string;
}
