/**
 * Passkeys (WebAuthn, issue 31): sign-in without a password, and the second factor of a sign-in
 * with 2FA. The calls are under /api/user/passkey and /api/user/login/2fa/passkey, described in
 * docs/console-api.md "Passkeys"; the relying-party rules in docs/security.md "Passkeys".
 */

/** GET /api/user/passkey: one passkey of the caller. The credential itself never leaves the server. */
export interface PasskeyView {
  id: number;
  name: string;
  /** Unix seconds. */
  created_at: number;
  /** Unix seconds of the last sign-in with it; null when never used. */
  last_used_at: number | null;
  /** The authenticator says the credential is synced (e.g. iCloud Keychain, Google Password Manager). */
  backed_up: boolean;
  /** 'singleDevice' or 'multiDevice', as the authenticator reported at registration. */
  device_type: string;
}

export const PASSKEY_NAME_MAX = 64;
export const PASSKEYS_PER_USER = 10;
/** How long a registration or sign-in ceremony may take. */
export const PASSKEY_CHALLENGE_MINUTES = 5;

export const MSG_PASSKEY_NOT_FOUND = '通行密钥不存在';
export const MSG_PASSKEY_NAME_REQUIRED = '请输入通行密钥名称';
export const MSG_PASSKEY_NAME_TOO_LONG = `通行密钥名称不能超过 ${PASSKEY_NAME_MAX} 个字符`;
export const MSG_PASSKEY_RESPONSE_INVALID = '通行密钥的响应无效，请重试';
export const MSG_PASSKEY_LIMIT = `每个账户最多添加 ${PASSKEYS_PER_USER} 个通行密钥`;
export const MSG_PASSKEY_DUPLICATE = '该通行密钥已添加';
export const MSG_PASSKEY_CHALLENGE_MISSING = '通行密钥验证已过期或不存在，请重试';
export const MSG_PASSKEY_VERIFY_FAILED = '通行密钥验证失败';
export const MSG_PASSKEY_UNKNOWN = '该通行密钥未在本站注册或已被删除';
export const MSG_PASSKEY_CLONED = '通行密钥的签名计数异常，疑似被复制，已拒绝登录';
export const MSG_PASSKEY_LOGIN_DISABLED = '管理员未开启通行密钥登录';
export const MSG_PASSKEY_NONE_FOR_2FA = '该账户没有可用的通行密钥，请使用验证码';
export const MSG_PASSKEY_ADDED = '通行密钥已添加';
export const MSG_PASSKEY_RENAMED = '通行密钥已重命名';
export const MSG_PASSKEY_DELETED = '通行密钥已删除';
