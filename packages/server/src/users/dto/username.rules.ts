import { applyDecorators } from '@nestjs/common';
import { USERNAME_MAX_LENGTH } from '@gw/shared';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';

export const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** A username: trimmed, 1 to 20 characters, no spaces or HTML-special characters. */
export const IsValidUsername = () =>
  applyDecorators(
    Transform(trim),
    IsString({ message: '请输入用户名' }),
    IsNotEmpty({ message: '请输入用户名' }),
    MaxLength(USERNAME_MAX_LENGTH, { message: `用户名长度不得大于 ${USERNAME_MAX_LENGTH} 位` }),
    Matches(/^[^\s<>"'&]+$/, { message: '用户名不能包含空格或特殊字符 < > " \' &' }),
  );
