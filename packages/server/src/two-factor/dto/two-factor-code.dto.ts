import { BACKUP_CODE_PATTERN, MSG_2FA_CODE_FORMAT, MSG_2FA_CODE_OR_BACKUP_FORMAT, TOTP_CODE_PATTERN } from '@gw/shared';
import { IsString, Matches, ValidateIf } from 'class-validator';

/** A 6-digit code of the authenticator app (enable, regenerate backup codes). */
export class TotpCodeDto {
  @IsString({ message: MSG_2FA_CODE_FORMAT })
  @Matches(TOTP_CODE_PATTERN, { message: MSG_2FA_CODE_FORMAT })
  code: string;
}

/** A 6-digit code or a backup code (the login's code step, disable). */
export class TwoFactorCodeDto {
  @IsString({ message: MSG_2FA_CODE_OR_BACKUP_FORMAT })
  @ValidateIf((dto: TwoFactorCodeDto) => typeof dto.code !== 'string' || !TOTP_CODE_PATTERN.test(dto.code))
  @Matches(BACKUP_CODE_PATTERN, { message: MSG_2FA_CODE_OR_BACKUP_FORMAT })
  code: string;
}
