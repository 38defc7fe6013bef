import type { RulesProps } from '@arco-design/web-react';
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

/** The same rules and messages as the server's (packages/shared contact-form.ts). */
export const CONTACT_RULES: Record<'name' | 'phone' | 'company' | 'remark', RulesProps[]> = {
  name: [
    { required: true, message: MSG_CONTACT_NAME_REQUIRED },
    { validator: (value: string | undefined, fail) => fail(value && !value.trim() ? MSG_CONTACT_NAME_REQUIRED : undefined) },
    { maxLength: CONTACT_NAME_MAX_LENGTH, message: MSG_CONTACT_NAME_TOO_LONG },
  ],
  phone: [
    { required: true, message: MSG_CONTACT_PHONE_REQUIRED },
    { match: CONTACT_PHONE_PATTERN, message: MSG_CONTACT_PHONE_INVALID },
  ],
  company: [{ maxLength: CONTACT_COMPANY_MAX_LENGTH, message: MSG_CONTACT_COMPANY_TOO_LONG }],
  remark: [{ maxLength: CONTACT_REMARK_MAX_LENGTH, message: MSG_CONTACT_REMARK_TOO_LONG }],
};
