import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockQianfanUpstream, QIANFAN_APP, QIANFAN_LIMITED_ENDPOINT } from '../../test/mock-qianfan-upstream';
import { readChatStream, RelayFixture, startRelayFixture } from '../../test/relay-fixture';

/** Ratio 1, completion ratio 2: the mock's usage (7 prompt, 4 completion) costs 7 + 8 = 15. */
const ERNIE_COST = 15;
const MODELS = ['ERNIE-4.0-8K', 'ERNIE-Speed-128K', QIANFAN_LIMITED_ENDPOINT, 'ernie-policy', 'ernie-bad-secret', 'ernie-revoked'];
const APP_KEY = `${QIANFAN_APP.apiKey}|${QIANFAN_APP.secretKey}`;
const hi = [{ role: 'user' as const, content: 'hi' }];

describe('relay (integration, Baidu Qianfan with an APIKey|SecretKey key: access token and the v1 chat API)', () => {
  let f: RelayFixture;
  let qianfan: MockQianfanUpstream;
  let appChannel: number;

  const attemptsOf = (log: { attempts_log: string }) => JSON.parse(log.attempts_log) as Array<{ status: number; error?: string }>;

  beforeAll(async () => {
    qianfan = await new MockQianfanUpstream().start();
    f = await startRelayFixture({ models: MODELS, completionRatio: 2, channelDefaults: { type: 15, key: APP_KEY, base_url: qianfan.url } });
    appChannel = await f.channel({ name: 'qianfan-app', models: MODELS.filter((model) => model !== 'ernie-bad-secret').join(',') });
    await f.channel({ name: 'qianfan-bad-secret', key: `${QIANFAN_APP.apiKey}|not-the-secret`, models: 'ernie-bad-secret' });
  });
  afterAll(async () => {
    await f.t.close();
    await qianfan.stop();
  });

  // First in the file: no token is cached yet, so the call must start with an exchange.
  it('sends the token exchange through the outbound-address policy', async () => {
    await f.admin.put('/api/option/').send({ key: 'ChannelPrivateAddressEnabled', value: 'false' });
    try {
      const { client, userId } = await f.customer('qf-policy', 100_000);
      await expect(client.chat.completions.create({ model: 'ernie-policy', messages: hi })).rejects.toMatchObject({ status: 502 });
      const [log] = await f.logsOf(userId);
      expect(attemptsOf(log)[0].error).toContain('出站地址策略拒绝访问');
      expect(qianfan.exchanges).toEqual([]);
    } finally {
      await f.admin.put('/api/option/').send({ key: 'ChannelPrivateAddressEnabled', value: 'true' });
    }
  });

  it('exchanges the key for an access token and converts a chat to the v1 endpoint of the model', async () => {
    const { client, userId } = await f.customer('qf-whole', 100_000);
    const reply = await client.chat.completions.create({
      model: 'ERNIE-4.0-8K',
      messages: [
        { role: 'system', content: '简短回答' },
        { role: 'user', content: [{ type: 'text', text: 'hi' }] },
      ],
      max_tokens: 50,
      temperature: 0.5,
      stop: 'END',
    });
    expect(reply.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'Hello from completions_pro' }, finish_reason: 'stop' });
    expect(reply.usage).toMatchObject({ prompt_tokens: 7, completion_tokens: 4, total_tokens: 11 });
    expect(qianfan.exchanges).toEqual([QIANFAN_APP.apiKey]);
    expect(qianfan.chats.at(-1)).toEqual({
      endpoint: 'completions_pro',
      accessToken: '24.mock1.2592000.1.282335-1',
      body: { messages: [{ role: 'user', content: 'hi' }], stream: false, system: '简短回答', max_output_tokens: 50, temperature: 0.5, stop: ['END'] },
    });
    const [log] = await f.logsOf(userId);
    expect(log).toMatchObject({ type: 2, model_name: 'ERNIE-4.0-8K', channel_name: 'qianfan-app', prompt_tokens: 7, completion_tokens: 4, is_stream: false });
    expect(await f.quotaOf(userId)).toBe(100_000 - ERNIE_COST);
  });

  it('streams the v1 events as chunks with the same cached token', async () => {
    const { client, userId } = await f.customer('qf-stream', 100_000);
    const stream = await client.chat.completions.create({ model: 'ERNIE-Speed-128K', stream: true, stream_options: { include_usage: true }, messages: hi });
    const { text, finish, usage } = await readChatStream(stream);
    expect(text).toBe('Hello from ernie-speed-128k');
    expect(finish).toBe('stop');
    expect(usage).toMatchObject({ prompt_tokens: 7, completion_tokens: 4 });
    expect(qianfan.chats.at(-1)).toMatchObject({ endpoint: 'ernie-speed-128k', accessToken: '24.mock1.2592000.1.282335-1', body: { stream: true } });
    expect(qianfan.exchanges).toHaveLength(1);
    const [log] = await f.logsOf(userId);
    expect(log).toMatchObject({ type: 2, is_stream: true, prompt_tokens: 7, completion_tokens: 4 });
  });

  it("reads Baidu's errors inside HTTP 200 replies as their status: a QPS limit is a 429 of the channel, and nothing is charged", async () => {
    const { client, userId } = await f.customer('qf-limit', 100_000);
    await expect(client.chat.completions.create({ model: QIANFAN_LIMITED_ENDPOINT, messages: hi })).rejects.toMatchObject({ status: 502 });
    const [log] = await f.logsOf(userId);
    expect(attemptsOf(log)[0]).toMatchObject({ status: 429, error: expect.stringContaining('Open api qps request limit reached') });
    expect(await f.quotaOf(userId)).toBe(100_000);

    const streamed = await f.customer('qf-limit-stream', 100_000);
    await expect(streamed.client.chat.completions.create({ model: QIANFAN_LIMITED_ENDPOINT, stream: true, messages: hi })).rejects.toMatchObject({ status: 502 });
    const [streamLog] = await f.logsOf(streamed.userId);
    expect(attemptsOf(streamLog)[0]).toMatchObject({ status: 429, error: expect.stringContaining('Open api qps request limit reached') });
  });

  it('drops a token the API no longer takes and exchanges the key again for the next call', async () => {
    qianfan.revokeTokens();
    const { client } = await f.customer('qf-revoked', 100_000);
    await expect(client.chat.completions.create({ model: 'ernie-revoked', messages: hi })).rejects.toMatchObject({ status: 502 });
    expect(qianfan.exchanges).toHaveLength(1);
    const reply = await client.chat.completions.create({ model: 'ernie-revoked', messages: hi });
    expect(reply.choices[0].message.content).toBe('Hello from ernie-revoked');
    expect(qianfan.exchanges).toHaveLength(2);
    expect(qianfan.chats.at(-1)?.accessToken).toBe('24.mock2.2592000.1.282335-1');
  });

  it('reports a refused exchange without the secret', async () => {
    const { client, userId } = await f.customer('qf-bad-secret', 100_000);
    await expect(client.chat.completions.create({ model: 'ernie-bad-secret', messages: hi })).rejects.toMatchObject({ status: 502 });
    const [log] = await f.logsOf(userId);
    expect(attemptsOf(log)[0].error).toContain('百度千帆获取 access_token 失败：Client authentication failed');
    expect(log.attempts_log).not.toContain('not-the-secret');
  });

  it('tests the channel from the console through the same token, reading an error inside a 200 reply as its status', async () => {
    const passed = await f.admin.get(`/api/channel/test/${appChannel}`).query({ model: 'ERNIE-4.0-8K' });
    expect(passed.body).toMatchObject({ success: true, data: { model: 'ERNIE-4.0-8K', upstream_status: 200 } });
    expect(qianfan.chats.at(-1)).toMatchObject({ endpoint: 'completions_pro', body: { max_output_tokens: 5 } });

    const limited = await f.admin.get(`/api/channel/test/${appChannel}`).query({ model: QIANFAN_LIMITED_ENDPOINT });
    expect(limited.body).toMatchObject({ success: false, message: 'Open api qps request limit reached', data: { upstream_status: 429 } });
  });

  it('refuses other endpoints than chat for an APIKey|SecretKey channel, pointing to a v2 API Key', async () => {
    const { client } = await f.customer('qf-embed', 100_000);
    await expect(client.embeddings.create({ model: 'ERNIE-4.0-8K', input: 'hi' })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('v2 API Key'),
    });
  });
});
