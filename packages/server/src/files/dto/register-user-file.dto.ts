import { MSG_USER_FILE_APP_ID, MSG_USER_FILE_URL_REQUIRED } from '@gw/shared';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { INT4_MAX } from '../../common/int-range';

/** `POST /api/file_upload/`: a url `uploadToOss` answered this user, and the project it is for (optional). */
export class RegisterUserFileDto {
  @IsString({ message: MSG_USER_FILE_URL_REQUIRED })
  @MinLength(1, { message: MSG_USER_FILE_URL_REQUIRED })
  @MaxLength(1000, { message: MSG_USER_FILE_URL_REQUIRED })
  file_url: string;

  /** A JSON number; a string, a fraction or 0 is refused. */
  @IsOptional()
  @IsInt({ message: MSG_USER_FILE_APP_ID })
  @Min(1, { message: MSG_USER_FILE_APP_ID })
  @Max(INT4_MAX, { message: MSG_USER_FILE_APP_ID })
  app_id?: number | null;
}
