import type { ChannelFetch } from '../upstream.client';
import type { QianfanAppKey } from './qianfan-key';

/** Tokens live 30 days; one is replaced this long before it lapses, so no call goes out with one about to. */
const REFRESH_MARGIN_MS = 60 * 60_000;
/** How long a token is kept when the endpoint does not say how long it lives. */
const UNDATED_TOKEN_MS = 60 * 60_000;
const EXCHANGE_TIMEOUT_MS = 30_000;

interface Entry {
  token?: string;
  expiresAt: number;
  /** The exchange under way, shared by every call that needs a token meanwhile. */
  pending?: Promise<string>;
}

interface TokenReply {
  access_token?: unknown;
  expires_in?: unknown;
  error?: unknown;
  error_description?: unknown;
}

/**
 * Access tokens of Baidu's OAuth endpoint (`POST {host}/oauth/2.0/token?grant_type=client_credentials
 * &client_id=APIKey&client_secret=SecretKey`), cached per endpoint and key until shortly before
 * they expire, one exchange at a time per key. Exchanges go through the channel outbound-address
 * policy (`fetch`) and follow no redirect, so the secret never reaches another host. Neither the
 * secret nor a token is ever part of a message.
 */
export class QianfanTokens {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  async accessToken(tokenUrl: string, key: QianfanAppKey, fetch: ChannelFetch): Promise<string> {
    const id = entryId(tokenUrl, key);
    let entry = this.entries.get(id);
    if (!entry) this.entries.set(id, (entry = { expiresAt: 0 }));
    if (entry.token && this.now() < entry.expiresAt - REFRESH_MARGIN_MS) return entry.token;
    entry.pending ??= this.exchange(entry, tokenUrl, key, fetch);
    return entry.pending;
  }

  /** Drops a token the API called invalid or expired, so that the next call exchanges anew. */
  forget(tokenUrl: string, key: QianfanAppKey): void {
    this.entries.delete(entryId(tokenUrl, key));
  }

  private async exchange(entry: Entry, tokenUrl: string, key: QianfanAppKey, fetch: ChannelFetch): Promise<string> {
    try {
      const query = new URLSearchParams({ grant_type: 'client_credentials', client_id: key.apiKey, client_secret: key.secretKey });
      const response = await fetch(`${tokenUrl}?${query}`, { method: 'POST', headers: { accept: 'application/json' }, redirect: 'error', signal: AbortSignal.timeout(EXCHANGE_TIMEOUT_MS) });
      const reply = (await response.json().catch(() => ({}))) as TokenReply;
      if (typeof reply.access_token !== 'string' || reply.access_token === '') {
        const reason = typeof reply.error_description === 'string' ? reply.error_description : typeof reply.error === 'string' ? reply.error : `HTTP ${response.status}`;
        throw new Error(reason);
      }
      const lifetimeMs = typeof reply.expires_in === 'number' && reply.expires_in > 0 ? reply.expires_in * 1000 : UNDATED_TOKEN_MS;
      entry.token = reply.access_token;
      entry.expiresAt = this.now() + lifetimeMs;
      return entry.token;
    } catch (error) {
      throw new Error(`百度千帆获取 access_token 失败：${error instanceof Error ? error.message : String(error)}`);
    } finally {
      entry.pending = undefined;
    }
  }
}

const entryId = (tokenUrl: string, key: QianfanAppKey): string => `${tokenUrl}\n${key.apiKey}\n${key.secretKey}`;
