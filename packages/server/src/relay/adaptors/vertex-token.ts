import { gaxios, JWT } from 'google-auth-library';
import type { ChannelFetch } from '../upstream.client';
import type { ServiceAccountKey } from './vertex-key';

const SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
/** A token is replaced this long before it expires, so that no call goes out with one about to lapse. */
const REFRESH_MARGIN_MS = 5 * 60_000;
const TOKEN_TIMEOUT_MS = 30_000;

interface Account {
  client: JWT;
  /** The refresh under way, shared by every call that needs a token meanwhile. */
  pending?: Promise<string>;
}

/**
 * OAuth2 access tokens for Vertex AI, exchanged for a channel's service-account key by
 * google-auth-library (a JWT signed with the key, RFC 7523) and cached per key until shortly
 * before they expire; one exchange at a time per key. The key's `token_uri`, when it names
 * another endpoint than Google's, receives the exchange (private deployments and tests); every
 * exchange goes through the channel outbound-address policy. Neither key nor token is logged.
 */
export class VertexTokens {
  private readonly accounts = new Map<string, Account>();

  /** The Authorization header for a call with this key (`raw` is the channel key, the cache's index). */
  async authorization(raw: string, key: ServiceAccountKey, fetch: ChannelFetch): Promise<Record<string, string>> {
    let account = this.accounts.get(raw);
    if (!account) this.accounts.set(raw, (account = { client: jwtClient(key, fetch) }));
    account.pending ??= this.refresh(account);
    return { authorization: `Bearer ${await account.pending}` };
  }

  private async refresh(account: Account): Promise<string> {
    try {
      const { token } = await account.client.getAccessToken();
      if (!token) throw new Error('令牌端点没有返回 access_token');
      return token;
    } catch (error) {
      throw new Error(`Vertex AI 获取访问令牌失败：${error instanceof Error ? error.message : String(error)}`);
    } finally {
      account.pending = undefined;
    }
  }
}

function jwtClient(key: ServiceAccountKey, fetch: ChannelFetch): JWT {
  const transporter = new gaxios.Gaxios({ fetchImplementation: fetch as unknown as typeof globalThis.fetch, timeout: TOKEN_TIMEOUT_MS });
  transporter.interceptors.request.add({
    // No retries here: the relay tries another channel. A key naming its own token endpoint gets it.
    resolved: async (config) => ({ ...config, ...(key.token_uri ? { url: new URL(key.token_uri) } : {}), retry: false, retryConfig: { ...config.retryConfig, retry: 0 } }),
  });
  return new JWT({ email: key.client_email, key: key.private_key, scopes: [SCOPE], eagerRefreshThresholdMillis: REFRESH_MARGIN_MS, transporter });
}
