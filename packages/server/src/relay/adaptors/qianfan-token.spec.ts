import { Response } from 'undici';
import { describe, expect, it } from 'vitest';
import type { ChannelFetch } from '../upstream.client';
import { QianfanTokens } from './qianfan-token';

const TOKEN_URL = 'http://127.0.0.1:9/oauth/2.0/token';
const key = { apiKey: 'ak', secretKey: 'sk-secret' };

/** Baidu's token endpoint answering from `answer`, recording the URLs it received. */
function tokenEndpoint(answer: (n: number) => { status: number; body: unknown }) {
  const seen: string[] = [];
  const fetch: ChannelFetch = async (url) => {
    seen.push(String(url));
    const { status, body } = answer(seen.length);
    await new Promise((resolve) => setTimeout(resolve, 5));
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  return { seen, fetch };
}

describe(QianfanTokens.name, () => {
  it('exchanges a key once for calls at once and after, with the client credentials in the query', async () => {
    const sut = new QianfanTokens();
    const endpoint = tokenEndpoint((n) => ({ status: 200, body: { access_token: `24.t${n}`, expires_in: 2_592_000 } }));
    const tokens = await Promise.all(Array.from({ length: 4 }, () => sut.accessToken(TOKEN_URL, key, endpoint.fetch)));
    tokens.push(await sut.accessToken(TOKEN_URL, key, endpoint.fetch));
    expect(tokens).toEqual(Array(5).fill('24.t1'));
    expect(endpoint.seen).toEqual([`${TOKEN_URL}?grant_type=client_credentials&client_id=ak&client_secret=sk-secret`]);
  });

  it('exchanges again within an hour of expiry, and per endpoint', async () => {
    let now = 1_000_000;
    const sut = new QianfanTokens(() => now);
    const endpoint = tokenEndpoint((n) => ({ status: 200, body: { access_token: `24.t${n}`, expires_in: 7200 } }));
    expect(await sut.accessToken(TOKEN_URL, key, endpoint.fetch)).toBe('24.t1');
    now += 59 * 60_000;
    expect(await sut.accessToken(TOKEN_URL, key, endpoint.fetch)).toBe('24.t1');
    now += 2 * 60_000;
    expect(await sut.accessToken(TOKEN_URL, key, endpoint.fetch)).toBe('24.t2');
    expect(await sut.accessToken('http://127.0.0.2:9/oauth/2.0/token', key, endpoint.fetch)).toBe('24.t3');
  });

  it('exchanges again after forget', async () => {
    const sut = new QianfanTokens();
    const endpoint = tokenEndpoint((n) => ({ status: 200, body: { access_token: `24.t${n}`, expires_in: 2_592_000 } }));
    await sut.accessToken(TOKEN_URL, key, endpoint.fetch);
    sut.forget(TOKEN_URL, key);
    expect(await sut.accessToken(TOKEN_URL, key, endpoint.fetch)).toBe('24.t2');
  });

  it("reports a refused exchange by Baidu's description, without the secret, and tries again on the next call", async () => {
    const sut = new QianfanTokens();
    const endpoint = tokenEndpoint((n) => (n === 1 ? { status: 401, body: { error: 'invalid_client', error_description: 'unknown client id' } } : { status: 200, body: { access_token: '24.ok', expires_in: 2_592_000 } }));
    const failure = (await sut.accessToken(TOKEN_URL, key, endpoint.fetch).catch((error: Error) => error)) as Error;
    expect(failure.message).toBe('百度千帆获取 access_token 失败：unknown client id');
    expect(failure.message).not.toContain('sk-secret');
    expect(await sut.accessToken(TOKEN_URL, key, endpoint.fetch)).toBe('24.ok');
  });
});
