import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import {
  CONTACT_COMPANY_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  CONTACT_PHONE_PATTERN,
  CONTACT_REMARK_MAX_LENGTH,
  MSG_CONTACT_COMPANY_TOO_LONG,
  MSG_CONTACT_NAME_REQUIRED,
  MSG_CONTACT_NAME_TOO_LONG,
  MSG_CONTACT_PHONE_INVALID,
  MSG_CONTACT_PHONE_REQUIRED,
  MSG_CONTACT_REMARK_TOO_LONG,
} from '@gw/shared';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Optional text: absent or null is stored as empty. */
const trimOrEmpty = ({ value }: { value: unknown }) => (value === undefined || value === null ? '' : trim({ value }));

/** `POST /api/customer_connect/`: the data market's custom-data request (spec 3 §3, spec 2 §9). */
export class SubmitCustomerConnectDto {
  @Transform(trim)
  @IsString({ message: MSG_CONTACT_NAME_REQUIRED })
  @IsNotEmpty({ message: MSG_CONTACT_NAME_REQUIRED })
  @MaxLength(CONTACT_NAME_MAX_LENGTH, { message: MSG_CONTACT_NAME_TOO_LONG })
  name: string;

  @Transform(trim)
  @IsString({ message: MSG_CONTACT_PHONE_INVALID })
  @IsNotEmpty({ message: MSG_CONTACT_PHONE_REQUIRED })
  @Matches(CONTACT_PHONE_PATTERN, { message: MSG_CONTACT_PHONE_INVALID })
  phone: string;

  @IsOptional()
  @Transform(trimOrEmpty)
  @IsString({ message: '公司名称必须是字符串' })
  @MaxLength(CONTACT_COMPANY_MAX_LENGTH, { message: MSG_CONTACT_COMPANY_TOO_LONG })
  company: string = '';

  @IsOptional()
  @Transform(trimOrEmpty)
  @IsString({ message: '备注必须是字符串' })
  @MaxLength(CONTACT_REMARK_MAX_LENGTH, { message: MSG_CONTACT_REMARK_TOO_LONG })
  remark: string = '';
}
