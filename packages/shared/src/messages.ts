/** Messages the server and the console both show (spec 1 §5, §8). */
export const MSG_PASSWORD_TOO_SHORT = '密码长度不得小于 8 位！';
export const MSG_PASSWORD_TOO_LONG = '密码长度不得大于 20 位！';
export const MSG_PASSWORD_MISMATCH = '两次输入的密码不一致';
export const MSG_NOTHING_CHANGED = '你似乎并没有修改什么';
export const MSG_LOGIN_REQUIRED = '请先登录以访问该页面';
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 20;
export const USERNAME_MAX_LENGTH = 20;
/** User management (spec 2 §8). */
export const MSG_USER_CREATED = '用户账户创建成功！';
export const MSG_USER_UPDATED = '用户信息更新成功！';
export const MSG_OPERATION_DONE = '操作成功完成！';
/** Release notes (spec 1 §5 gives the rules; the messages are the console's Chinese). */
export const MSG_NOTE_TITLE_REQUIRED = '请输入标题';
export const MSG_NOTE_CONTENT_REQUIRED = '请输入内容';
export const MSG_NOTE_INCOMPLETE = '请填写完整信息';
