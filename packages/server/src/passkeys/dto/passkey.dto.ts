import { MSG_PASSKEY_NAME_REQUIRED, MSG_PASSKEY_NAME_TOO_LONG, MSG_PASSKEY_RESPONSE_INVALID, PASSKEY_NAME_MAX } from '@gw/shared';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsObject, IsString, MaxLength } from 'class-validator';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** A passkey's name as the user types it: trimmed, 1 to 64 characters. */
export class PasskeyNameDto {
  @Transform(trimmed)
  @IsString({ message: MSG_PASSKEY_NAME_REQUIRED })
  @IsNotEmpty({ message: MSG_PASSKEY_NAME_REQUIRED })
  @MaxLength(PASSKEY_NAME_MAX, { message: MSG_PASSKEY_NAME_TOO_LONG })
  name: string;
}

/**
 * The browser's credential as @simplewebauthn/browser serializes it. Its inner fields are checked
 * by the verification (a malformed one is refused with the same message).
 */
export class PasskeyResponseDto {
  @IsObject({ message: MSG_PASSKEY_RESPONSE_INVALID })
  response: Record<string, unknown>;
}

/** POST /api/user/passkey/register/finish. */
export class PasskeyRegisterDto extends PasskeyNameDto {
  @IsObject({ message: MSG_PASSKEY_RESPONSE_INVALID })
  response: Record<string, unknown>;
}
