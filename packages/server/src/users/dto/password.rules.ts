import { applyDecorators } from '@nestjs/common';
import { MSG_PASSWORD_TOO_LONG, MSG_PASSWORD_TOO_SHORT, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@gw/shared';
import { IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';

/** The spec's password rule (8 to 20 characters), with its messages. */
export const IsValidPassword = () =>
  applyDecorators(
    IsString({ message: '密码必须是字符串' }),
    IsNotEmpty({ message: '请输入密码' }),
    MinLength(PASSWORD_MIN_LENGTH, { message: MSG_PASSWORD_TOO_SHORT }),
    MaxLength(PASSWORD_MAX_LENGTH, { message: MSG_PASSWORD_TOO_LONG }),
  );
