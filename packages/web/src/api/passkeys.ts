import type { PasskeyView } from '@gw/shared';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import { http } from '@/api/http';
import type { User } from '@/stores/user';

/** Passkeys (docs/console-api.md "Passkeys"): one's own, the passkey sign-in and the passkey as the 2FA step. */
export const listPasskeys = () => http.get<PasskeyView[]>('/api/user/passkey');
export const beginPasskeyRegistration = () => http.post<PublicKeyCredentialCreationOptionsJSON>('/api/user/passkey/register/begin');
export const finishPasskeyRegistration = (name: string, response: RegistrationResponseJSON) => http.post<PasskeyView>('/api/user/passkey/register/finish', { name, response });
export const renamePasskey = (id: number, name: string) => http.put<null>(`/api/user/passkey/${id}`, { name });
export const deletePasskey = (id: number) => http.delete<null>(`/api/user/passkey/${id}`);

export const beginPasskeyLogin = () => http.post<PublicKeyCredentialRequestOptionsJSON>('/api/user/passkey/login/begin');
export const finishPasskeyLogin = (response: AuthenticationResponseJSON) => http.post<User>('/api/user/passkey/login/finish', { response });
/** After a login answered `require_2fa` with `passkey: true`: that user's passkeys instead of the code. */
export const beginPasskeySecondFactor = () => http.post<PublicKeyCredentialRequestOptionsJSON>('/api/user/login/2fa/passkey/begin');
export const finishPasskeySecondFactor = (response: AuthenticationResponseJSON) => http.post<User>('/api/user/login/2fa/passkey/finish', { response });

export const MSG_PASSKEY_CANCELLED = '已取消';

/** What the browser's WebAuthn failure means to the user, in Chinese (a cancelled prompt: 已取消). */
export function describePasskeyError(error: unknown): string {
  const { name = '', code = '' } = (error ?? {}) as { name?: string; code?: string };
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') return MSG_PASSKEY_CANCELLED;
  if (name === 'InvalidStateError' || code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return '此设备上已有本账户的通行密钥';
  if (name === 'SecurityError') return '当前网址不能使用通行密钥：请通过域名（HTTPS）访问';
  if (name === 'NotSupportedError') return '当前浏览器或设备不支持通行密钥';
  return `通行密钥操作失败：${error instanceof Error ? error.message : String(error)}`;
}
