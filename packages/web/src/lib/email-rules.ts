/** The rules of every e-mail field of the sign-up and password-reset forms (spec 1 §8 messages). */
export const EMAIL_RULES = [
  { required: true, message: '请输入邮箱！' },
  { type: 'email' as const, message: '邮箱格式不正确' },
];
