/**
 * Two-factor sign-in with TOTP (issue 31): the calls under /api/user/2fa, the code step of the
 * login (POST /api/user/login/2fa) and the administrators' reset (DELETE /api/user/:id/2fa), the
 * same paths and fields as new-api. Described in docs/console-api.md "Two-factor sign-in".
 */

/** GET /api/user/2fa/status. */
export interface TwoFactorStatus {
  enabled: boolean;
  /** Too many wrong codes: 2FA sign-in (and disable, regenerate) wait until the lock ends. */
  locked: boolean;
  backup_codes_remaining: number;
}

/** POST /api/user/2fa/setup: shown once; the secret is not on until POST /api/user/2fa/enable. */
export interface TwoFactorSetup {
  /** Base32, for manual entry in an authenticator app. */
  secret: string;
  /** The otpauth:// URI the QR code encodes (issuer: the system name, label: the username). */
  qr_code_data: string;
  backup_codes: string[];
}

/**
 * What a login (password, OAuth) answers instead of the user when the account has 2FA on;
 * `passkey: true` when the account holds a passkey that may finish the sign-in instead of a code.
 */
export interface TwoFactorChallenge {
  require_2fa: true;
  passkey?: true;
}

export const isTwoFactorChallenge = (data: unknown): data is TwoFactorChallenge =>
  typeof data === 'object' && data !== null && (data as { require_2fa?: unknown }).require_2fa === true;

export const TWO_FACTOR_DIGITS = 6;
export const TWO_FACTOR_PERIOD_SECONDS = 30;
export const BACKUP_CODE_COUNT = 10;
/** Wrong codes before 2FA sign-in locks, and for how long. */
export const TWO_FACTOR_FAILURE_LIMIT = 5;
export const TWO_FACTOR_LOCK_MINUTES = 15;
/** How long the code step of a sign-in waits after the password. */
export const TWO_FACTOR_PENDING_MINUTES = 5;

/** A 6-digit code of an authenticator app. */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
/** A backup code as shown (xxxx-xxxx), the dash and case optional when typed. */
export const BACKUP_CODE_PATTERN = /^[a-z0-9]{4}-?[a-z0-9]{4}$/i;

export const MSG_2FA_CODE_FORMAT = '请输入 6 位数字验证码';
export const MSG_2FA_CODE_OR_BACKUP_FORMAT = '请输入 6 位数字验证码或备用码';
export const MSG_2FA_CODE_WRONG = '验证码错误或已使用，请重试';
export const MSG_2FA_LOCKED = `验证码错误次数过多，两步验证已锁定，请 ${TWO_FACTOR_LOCK_MINUTES} 分钟后再试`;
export const MSG_2FA_NOT_ENABLED = '尚未启用两步验证';
export const MSG_2FA_ALREADY_ENABLED = '两步验证已启用，如需重新设置请先停用';
export const MSG_2FA_NOT_SET_UP = '请先设置两步验证';
export const MSG_2FA_ENABLED = '两步验证已启用';
export const MSG_2FA_DISABLED = '两步验证已停用';
export const MSG_2FA_BACKUP_REGENERATED = '备用码已重新生成，请妥善保存';
export const MSG_2FA_RESET = '已重置该用户的两步验证，其所有登录会话已退出';
export const MSG_2FA_USER_NOT_ENABLED = '该用户未启用两步验证';
export const MSG_2FA_PENDING_MISSING = '登录验证已过期或不存在，请重新输入用户名和密码';
/** Every administrators' route answers this while TwoFactorRequiredForAdmins is on and the caller has no 2FA. */
export const MSG_ADMIN_2FA_REQUIRED = '管理员必须先启用两步验证：请前往 个人设置 → 安全 启用';
