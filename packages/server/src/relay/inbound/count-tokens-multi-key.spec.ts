import { CHANNEL_KEY_STATUS, CHANNEL_STATUS } from '@gw/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockAnthropicUpstream, mockInputTokens } from '../../../test/mock-anthropic-upstream';
import { multiKeyChannel } from '../../../test/multi-key-channel';
import { type RelayFixture, startRelayFixture } from '../../../test/relay-fixture';

const hi = [{ role: 'user', content: 'hi' }];

/**
 * POST /v1/messages/count_tokens on a multi-key Anthropic channel (issue 29): the key is chosen as
 * for a relayed request (polling: in turn), and a dead key is disabled and the count asked of the
 * next key at once, so the client gets Anthropic's own count rather than the local estimate.
 */
describe('count_tokens on a multi-key channel', () => {
  let f: RelayFixture;
  let anthropic: MockAnthropicUpstream;
  const count = (key: string, model: string) =>
    f.t.http().post('/v1/messages/count_tokens').set('x-api-key', key).set('anthropic-version', '2023-06-01').send({ model, messages: hi });
  const countCalls = () => anthropic.seen.filter((seen) => seen.path === '/v1/messages/count_tokens').map((seen) => seen.apiKey);

  beforeAll(async () => {
    anthropic = await new MockAnthropicUpstream().start();
    f = await startRelayFixture({ models: ['claude-count', 'claude-count-noban'], completionRatio: 1, channelDefaults: { type: 14, key: 'sk-ant-unused', base_url: anthropic.url }, env: { ROLE: 'api' } });
    expect((await f.admin.put('/api/option/').send({ key: 'AutomaticDisableChannelEnabled', value: 'true' })).body.success).toBe(true);
  });
  afterAll(async () => {
    await f.t.close();
    await anthropic.stop();
  });

  it('counts with the keys in turn; the dead key answers once, is disabled, and the next key counts', async () => {
    const { id, keyIds } = await multiKeyChannel(f, [f.t], { name: 'count-multi', models: 'claude-count' }, 'polling', ['sk-ant-dead', 'sk-ant-one', 'sk-ant-two']);
    const { key } = await f.customer('count-multi', 100_000);
    const before = countCalls().length;
    for (let i = 0; i < 3; i++) expect((await count(key, 'claude-count').expect(200)).body).toEqual({ input_tokens: mockInputTokens({ messages: hi }) });
    const calls = countCalls().slice(before);
    expect(calls.filter((apiKey) => apiKey === 'sk-ant-dead')).toEqual(['sk-ant-dead']);
    expect(calls).toHaveLength(4);
    expect(new Set(calls.slice(1))).toEqual(new Set(['sk-ant-one', 'sk-ant-two']));
    const dead = (await f.t.db.query('SELECT status, status_reason FROM channel_keys WHERE id = $1', [keyIds[0]]))[0];
    expect(dead).toMatchObject({ status: CHANNEL_KEY_STATUS.AUTO_DISABLED, status_reason: expect.stringContaining('HTTP 401') });
    expect((await f.t.db.query('SELECT status FROM channels WHERE id = $1', [id]))[0].status).toBe(CHANNEL_STATUS.ENABLED);
  });

  it('with auto_ban off the dead key is passed over, not disabled', async () => {
    const { keyIds } = await multiKeyChannel(f, [f.t], { name: 'count-noban', models: 'claude-count-noban', auto_ban: 0 }, 'polling', ['sk-ant-dead', 'sk-ant-three']);
    const { key } = await f.customer('count-noban', 100_000);
    expect((await count(key, 'claude-count-noban').expect(200)).body).toEqual({ input_tokens: mockInputTokens({ messages: hi }) });
    expect((await f.t.db.query('SELECT status FROM channel_keys WHERE id = $1', [keyIds[0]]))[0].status).toBe(CHANNEL_KEY_STATUS.ENABLED);
  });
});
