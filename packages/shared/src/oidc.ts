/**
 * Generic OpenID Connect sign-in (issue 31): the messages of the server and the console. `name` is
 * the administrator's name for the provider (option OidcDisplayName), OIDC_DEFAULT_NAME by default.
 */
export const OIDC_DEFAULT_NAME = 'OIDC';

export const MSG_OIDC_DISABLED = (name: string) => `管理员未开启通过 ${name} 登录以及注册`;
export const MSG_OIDC_NOT_CONFIGURED = (name: string) => `管理员尚未完成 ${name} 的配置（发行者 Issuer 与 Client ID）`;
export const MSG_OIDC_ISSUER_INVALID = (name: string) => `${name} 的发行者地址无效，请联系管理员检查 OIDC 设置`;
export const MSG_OIDC_ISSUER_NOT_HTTPS = (name: string) => `${name} 的发行者地址必须使用 https（仅本机回环地址允许 http）`;
export const MSG_OIDC_AUTHORIZE_ENDPOINT_INVALID = (name: string) => `${name} 的授权地址无效，请联系管理员检查 OIDC 设置`;
export const MSG_OIDC_DISCOVERY_FAILED = (name: string) => `无法获取 ${name} 的配置，请稍后重试或联系管理员检查发行者 Issuer 设置`;
export const MSG_OIDC_DISCOVERY_REFUSED = (name: string, reason: string) => `无法获取 ${name} 的配置：${reason}`;
/** The provider refused the code (`error`: its OAuth error code, such as invalid_grant). */
export const MSG_OIDC_CODE_REFUSED = (name: string, error: string) => `${name} 授权失败：授权码无效或已过期，请重新登录（${error}）`;
export const MSG_OIDC_AUTHORIZATION_FAILED = (name: string, reason: string) => `${name} 授权失败：${reason}`;
export const MSG_OIDC_UNREACHABLE = (name: string) => `${name} 授权失败：无法连接 ${name}，请稍后重试`;
export const MSG_OIDC_ID_TOKEN_REFUSED = (name: string) => `${name} 身份令牌校验失败，请重新登录`;
export const MSG_OIDC_ISS_MISSING = (name: string) => `${name} 授权失败：授权回调缺少 iss 参数，请重新登录`;
export const MSG_OIDC_ISS_MISMATCH = (name: string) => `${name} 授权失败：授权回调来自其他发行者，请重新登录`;
export const MSG_OIDC_NOT_BOUND = (name: string) => `尚未绑定 ${name} 账户`;
/** Unbinding would leave the account without a way in (no e-mail, no other third-party binding). */
export const MSG_UNBIND_LAST_METHOD = '请先绑定邮箱或其他登录方式后再解绑';
export const MSG_OIDC_UNBOUND = '解绑成功';
