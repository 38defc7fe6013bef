/**
 * The data market's custom-data request form (spec 3 §3 Customer contact request, spec 2 §9): the
 * rules the form checks and the server enforces, with the messages both show.
 */

/** 11-digit mainland mobile number: 1, then 3 to 9, then nine digits (spec 2 §9). */
export const CONTACT_PHONE_PATTERN = /^1[3-9]\d{9}$/;

export const CONTACT_NAME_MAX_LENGTH = 50;
export const CONTACT_COMPANY_MAX_LENGTH = 100;
export const CONTACT_REMARK_MAX_LENGTH = 500;

export const MSG_CONTACT_NAME_REQUIRED = '请输入姓名';
export const MSG_CONTACT_NAME_TOO_LONG = `姓名不能超过 ${CONTACT_NAME_MAX_LENGTH} 个字符`;
export const MSG_CONTACT_PHONE_REQUIRED = '请输入手机号';
export const MSG_CONTACT_PHONE_INVALID = '请输入正确的 11 位手机号';
export const MSG_CONTACT_COMPANY_TOO_LONG = `公司名称不能超过 ${CONTACT_COMPANY_MAX_LENGTH} 个字符`;
export const MSG_CONTACT_REMARK_TOO_LONG = `备注不能超过 ${CONTACT_REMARK_MAX_LENGTH} 个字符`;
export const MSG_CONTACT_SUBMITTED = '提交成功，我们会尽快与您联系';
