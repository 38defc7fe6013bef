import { generateKeyPairSync } from 'node:crypto';
import { Response } from 'undici';
import { describe, expect, it } from 'vitest';
import type { ChannelFetch } from '../upstream.client';
import type { ServiceAccountKey } from './vertex-key';
import { VertexTokens } from './vertex-token';

const privateKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
const key = (fields: Partial<ServiceAccountKey> = {}): ServiceAccountKey => ({ client_email: 'sa@p.iam.gserviceaccount.com', private_key: privateKey, project_id: 'p', token_uri: 'http://127.0.0.1:9/token', ...fields });

/** A token endpoint answering from `answer`, recording what it received. */
function tokenEndpoint(answer: (n: number) => { status: number; body: unknown }) {
  const seen: Array<{ url: string; body: string }> = [];
  const fetch: ChannelFetch = async (url, init) => {
    seen.push({ url: String(url), body: String(init?.body) });
    const { status, body } = answer(seen.length);
    await new Promise((resolve) => setTimeout(resolve, 5));
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  return { seen, fetch };
}

describe(VertexTokens.name, () => {
  it("exchanges a key once at the key's token_uri, for calls at once and after, until shortly before expiry", async () => {
    const sut = new VertexTokens();
    const endpoint = tokenEndpoint((n) => ({ status: 200, body: { access_token: `ya29.t${n}`, expires_in: 3600, token_type: 'Bearer' } }));
    const headers = await Promise.all(Array.from({ length: 4 }, () => sut.authorization('raw-1', key(), endpoint.fetch)));
    headers.push(await sut.authorization('raw-1', key(), endpoint.fetch));
    expect(headers).toEqual(Array(5).fill({ authorization: 'Bearer ya29.t1' }));
    expect(endpoint.seen).toHaveLength(1);
    expect(endpoint.seen[0].url).toBe('http://127.0.0.1:9/token');
    const form = new URLSearchParams(endpoint.seen[0].body);
    expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const claims = JSON.parse(Buffer.from(form.get('assertion')!.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ iss: 'sa@p.iam.gserviceaccount.com', scope: 'https://www.googleapis.com/auth/cloud-platform', aud: 'https://oauth2.googleapis.com/token' });
  });

  it('exchanges again when the token is within five minutes of expiry, and per key', async () => {
    const sut = new VertexTokens();
    const endpoint = tokenEndpoint((n) => ({ status: 200, body: { access_token: `ya29.t${n}`, expires_in: 200, token_type: 'Bearer' } }));
    expect(await sut.authorization('raw-1', key(), endpoint.fetch)).toEqual({ authorization: 'Bearer ya29.t1' });
    expect(await sut.authorization('raw-1', key(), endpoint.fetch)).toEqual({ authorization: 'Bearer ya29.t2' });
    expect(await sut.authorization('raw-2', key({ token_uri: undefined }), endpoint.fetch)).toEqual({ authorization: 'Bearer ya29.t3' });
    expect(endpoint.seen[2].url).toBe('https://oauth2.googleapis.com/token');
  });

  it('reports a refused exchange once, without retrying and without the key, and tries again on the next call', async () => {
    const sut = new VertexTokens();
    const endpoint = tokenEndpoint((n) =>
      n === 1 ? { status: 500, body: { error: 'internal_failure', error_description: 'Backend Error' } } : { status: 200, body: { access_token: 'ya29.ok', expires_in: 3600 } },
    );
    const failure = await sut.authorization('raw-1', key(), endpoint.fetch).catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(/^Vertex AI 获取访问令牌失败：/);
    expect((failure as Error).message).not.toContain('PRIVATE KEY');
    expect(endpoint.seen).toHaveLength(1);
    expect(await sut.authorization('raw-1', key(), endpoint.fetch)).toEqual({ authorization: 'Bearer ya29.ok' });
  });
});
