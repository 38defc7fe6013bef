import { MSG_CHAT_SELECT_MODEL_FIRST, paramRulesFor } from '@gw/shared';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextWindowOf } from '../channels/context-windows';
import { MSG_CONFIG_NOT_JSON } from './model-config.service';
import { type ChatTestKit, startChatTestKit, TEST_MODELS } from '../../test/talkings-test-kit';

describe('chat model calls: /v1/models/lists, model_default_rule, model_config (integration)', () => {
  let kit: ChatTestKit;
  let alice: TestAgent;
  let bob: TestAgent;

  beforeAll(async () => {
    kit = await startChatTestKit();
    alice = (await kit.t.signUp('alice')).agent;
    bob = (await kit.t.signUp('bob')).agent;
  });
  afterAll(async () => kit.t.close());

  it('lists the group’s models by vendor order then name, with vendor, channel provider and context window', async () => {
    await kit.admin.post('/api/channel/update_ability').send({ channel_id: kit.channelId, group: 'default', model: 'deepseek-chat', is_deep_seek: true });
    const reply = await alice.get('/v1/models/lists');
    expect(reply.status).toBe(200);
    expect(reply.body.success).toBe(true);
    const models = reply.body.data as Array<Record<string, unknown>>;
    expect(models.map((model) => model.id)).toEqual(['gpt-4o', 'claude-3-5-sonnet', 'deepseek-chat', 'glm-4-plus', 'qwen-max', 'my-custom-model']);
    expect(models.map((model) => model.sort_number)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(models[0]).toMatchObject({ id: 'gpt-4o', name: 'gpt-4o', provider: 'openai', owned_by: 'OpenAI', is_viewable: true, is_deep_seek: false, capabilities: ['vision'], max_token: 128000 });
    expect(models[2]).toMatchObject({ provider: 'deepseek', is_deep_seek: true, capabilities: ['thinking'], max_token: 65536 });
    expect(models[5]).toMatchObject({ provider: 'other', max_token: 0, capabilities: [] });
    expect(models).toHaveLength(TEST_MODELS.length);
  });

  it('knows the context windows of the families it lists, 0 otherwise', () => {
    expect(contextWindowOf('gpt-4o-mini')).toBe(128000);
    expect(contextWindowOf('gpt-4.1-nano')).toBe(1047576);
    expect(contextWindowOf('o3')).toBe(200000);
    expect(contextWindowOf('o4-mini')).toBe(200000);
    expect(contextWindowOf('Claude-Opus-4')).toBe(200000);
    expect(contextWindowOf('gemini-2.5-pro')).toBe(1048576);
    expect(contextWindowOf('deepseek-reasoner')).toBe(65536);
    expect(contextWindowOf('qwen-plus')).toBe(131072);
    expect(contextWindowOf('glm-4-air')).toBe(128000);
    expect(contextWindowOf('gpt-3.5-turbo')).toBe(0);
  });

  it('answers the parameter rules of a model, and refuses a missing or too long name in the console envelope', async () => {
    const rules = await alice.get('/v1/models/model_default_rule').query({ model: 'claude-3-5-sonnet' });
    expect(rules.status).toBe(200);
    expect(rules.body).toEqual({ success: true, message: '', data: paramRulesFor('claude-3-5-sonnet') });
    const missing = await alice.get('/v1/models/model_default_rule');
    expect(missing.status).toBe(200);
    expect(missing.body).toEqual({ success: false, message: MSG_CHAT_SELECT_MODEL_FIRST, data: null });
    const long = await alice.get('/v1/models/model_default_rule').query({ model: 'x'.repeat(256) });
    expect(long.body).toMatchObject({ success: false, message: '模型名称不能超过 255 个字符' });
  });

  it('sends each /v1/models path to its own handler', async () => {
    // GET /v1/models is the relay's, authenticated by an sk- token: OpenAI's error shape without one.
    const relayList = await alice.get('/v1/models');
    expect(relayList.status).toBe(401);
    expect(relayList.body.error).toBeDefined();
    expect((await alice.get('/v1beta/models')).body.error).toBeDefined();
    expect((await alice.get('/v1/models/lists')).body.data[0].id).toBe('gpt-4o');
    expect((await alice.get('/v1/models/model_default_rule?model=gpt-4o')).body.data[0].name).toBe('temperature');
    expect((await alice.get('/v1/models/model_config?model_name=gpt-4o')).body).toEqual({ success: true, message: '', data: null });
  });

  it('is for signed-in users only', async () => {
    for (const path of ['/v1/models/lists', '/v1/models/model_default_rule?model=gpt-4o', '/v1/models/model_config?model_name=gpt-4o']) {
      expect((await kit.t.http().get(path)).status).toBe(401);
    }
    expect((await kit.t.http().post('/v1/models/model_config').send({ model_name: 'gpt-4o', config: '{}' })).status).toBe(401);
  });

  it('saves a user’s parameters as JSON text or an object, replaces them, and keeps them the user’s own', async () => {
    const saved = await alice.post('/v1/models/model_config').send({ model_name: 'gpt-4o', config: '{"temperature":0.5,"seed":42}', user_id: 999 });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ success: true, message: '', data: { model_name: 'gpt-4o', config: '{"temperature":0.5,"seed":42}' } });
    const read = await alice.get('/v1/models/model_config').query({ model_name: 'gpt-4o', user_id: 999 });
    expect(JSON.parse(read.body.data.config)).toEqual({ temperature: 0.5, seed: 42 });

    const replaced = await alice.post('/v1/models/model_config').send({ model_name: 'gpt-4o', config: { top_p: 0.9 } });
    expect(JSON.parse(replaced.body.data.config)).toEqual({ top_p: 0.9 });
    expect(JSON.parse((await alice.get('/v1/models/model_config?model_name=gpt-4o')).body.data.config)).toEqual({ top_p: 0.9 });
    const rows = await kit.t.db.query(`SELECT count(*)::int AS n FROM user_model_configs WHERE model_name = 'gpt-4o'`);
    expect(rows[0].n).toBe(1);

    // Bob sees none of Alice's, whatever user_id he names.
    const aliceId = (await kit.t.db.query(`SELECT id FROM users WHERE username = 'alice'`))[0].id as number;
    expect((await bob.get('/v1/models/model_config').query({ model_name: 'gpt-4o', user_id: aliceId })).body.data).toBeNull();
  });

  it.each([
    ['bad JSON', '{temperature:', MSG_CONFIG_NOT_JSON],
    ['an unknown parameter', '{"top_k":3}', '该模型不支持参数 top_k'],
    ['a value out of range', '{"temperature":3}', '参数 temperature 必须在 0 到 2 之间'],
    ['a float for an int', '{"seed":1.5}', '参数 seed 必须是整数'],
    ['an array', '[1]', '模型参数必须是对象'],
  ])('refuses %s and keeps what was saved', async (_case, config, message) => {
    await alice.post('/v1/models/model_config').send({ model_name: 'deepseek-chat', config: '{"temperature":1}' });
    const refused = await alice.post('/v1/models/model_config').send({ model_name: 'deepseek-chat', config });
    expect(refused.status).toBe(200);
    expect(refused.body).toEqual({ success: false, message, data: null });
    expect(JSON.parse((await alice.get('/v1/models/model_config?model_name=deepseek-chat')).body.data.config)).toEqual({ temperature: 1 });
  });

  it('refuses a config that is neither text nor an object, and a missing model', async () => {
    expect((await alice.post('/v1/models/model_config').send({ model_name: 'gpt-4o', config: 5 })).body).toMatchObject({ success: false, message: '模型参数必须是 JSON 文本或对象' });
    expect((await alice.post('/v1/models/model_config').send({ config: '{}' })).body).toMatchObject({ success: false, message: MSG_CHAT_SELECT_MODEL_FIRST });
  });
});
