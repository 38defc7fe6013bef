import { Message } from '@arco-design/web-react';
import { type PublicKeyCredentialRequestOptionsJSON, type AuthenticationResponseJSON, startAuthentication } from '@simplewebauthn/browser';
import { type ApiReply, describeError } from '@/api/http';
import { describePasskeyError } from '@/api/passkeys';
import type { User } from '@/stores/user';

/**
 * One passkey sign-in ceremony: the server's options, the browser's prompt, the server's check.
 * Every failure is shown (in Chinese; a cancelled prompt as 已取消); the user on success.
 */
export async function signInWithPasskey(
  begin: () => Promise<ApiReply<PublicKeyCredentialRequestOptionsJSON>>,
  finish: (response: AuthenticationResponseJSON) => Promise<ApiReply<User>>,
): Promise<User | undefined> {
  try {
    const options = await begin();
    if (!options.success) {
      Message.error(options.message);
      return undefined;
    }
    let response: AuthenticationResponseJSON;
    try {
      response = await startAuthentication({ optionsJSON: options.data });
    } catch (error) {
      Message.error(describePasskeyError(error));
      return undefined;
    }
    const reply = await finish(response);
    if (reply.success) return reply.data;
    Message.error(reply.message);
  } catch (error) {
    Message.error(describeError(error));
  }
  return undefined;
}
