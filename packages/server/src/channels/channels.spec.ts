import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '../crypto/secret-box';
import { ROOT_PASSWORD, startTestApp, TestApp } from '../../test/test-app';

interface AbilityRow {
  group: string;
  model: string;
  channel_id: number;
  enabled: boolean;
  priority: number;
  weight: number;
  tag: string;
  is_viewable: boolean;
}

describe('channels (integration)', () => {
  let t: TestApp;
  let admin: TestAgent;
  let upstream: Server;
  let upstreamUrl: string;
  const seenAuthorization: string[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    admin = (await t.login('root', ROOT_PASSWORD)).agent;
    await admin.put('/api/option/').send({ key: 'GroupRatio', value: '{"default":1,"vip":1.5,"svip":2}' });
    // A real OpenAI-format upstream on 127.0.0.1 for the model-list calls.
    upstream = createServer((request, response) => {
      seenAuthorization.push(request.headers.authorization ?? '');
      if (request.url !== '/v1/models') {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ object: 'list', data: [{ id: 'up-model-a' }, { id: 'up-model-b' }, { id: 'up-model-a' }] }));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    upstream.close();
    await t.close();
  });

  const abilities = (channelId: number): Promise<AbilityRow[]> =>
    t.db.query('SELECT * FROM abilities WHERE channel_id = $1 ORDER BY "group", model', [channelId]);
  const pairs = (rows: AbilityRow[]) => rows.map((row) => `${row.group}/${row.model}`);
  const create = async (fields: Record<string, unknown>): Promise<number[]> => {
    const reply = await admin.post('/api/channel/').send({ type: 1, name: 'c', key: 'sk-upstream-1', models: 'gpt-4o', groups: ['default'], ...fields });
    if (!reply.body.success) throw new Error(reply.body.message);
    return reply.body.data.ids;
  };

  it('is for administrators only', async () => {
    const { agent, userId } = await t.signUp('not-admin');
    expect((await agent.get('/api/channel/')).status).toBe(403);
    expect((await agent.post('/api/channel/').send({ name: 'x' })).status).toBe(403);
    await t.db.query('UPDATE users SET role = 10 WHERE id = $1', [userId]);
    expect((await agent.get('/api/channel/')).status).toBe(200);
    expect((await t.http().get('/api/channel/')).status).toBe(401);
  });

  describe('create', () => {
    it('stores the key encrypted and never returns it', async () => {
      const [id] = await create({ name: 'secret-holder', key: 'sk-very-secret-upstream-key' });
      const [row] = await t.db.query('SELECT key_sealed FROM channels WHERE id = $1', [id]);
      expect(row.key_sealed.startsWith('enc:v1:')).toBe(true);
      expect(row.key_sealed).not.toContain('sk-very-secret-upstream-key');
      expect(t.app.get(SecretBox).open(row.key_sealed)).toBe('sk-very-secret-upstream-key');
      const list = await admin.get('/api/channel/').query({ page_size: 100 });
      const one = await admin.get(`/api/channel/${id}`);
      for (const body of [list.body, one.body]) expect(JSON.stringify(body)).not.toContain('sk-very-secret-upstream-key');
      expect(one.body.data.key).toBe('');
      expect(one.body.data).not.toHaveProperty('key_sealed');
    });

    it('creates one channel per key line, each with its abilities', async () => {
      const ids = await create({ name: 'batch', key: 'sk-one\n\n sk-two \nsk-three', models: 'gpt-4o, gpt-4o-mini,gpt-4o', groups: ['default', 'vip'] });
      expect(ids).toHaveLength(3);
      for (const id of ids) {
        expect(pairs(await abilities(id))).toEqual(['default/gpt-4o', 'default/gpt-4o-mini', 'vip/gpt-4o', 'vip/gpt-4o-mini']);
      }
      const keys = await t.db.query('SELECT key_sealed FROM channels WHERE id = ANY($1) ORDER BY id', [ids]);
      expect(keys.map((row: { key_sealed: string }) => t.app.get(SecretBox).open(row.key_sealed))).toEqual(['sk-one', 'sk-two', 'sk-three']);
      const [channel] = await t.db.query('SELECT models, "group" FROM channels WHERE id = $1', [ids[0]]);
      expect(channel).toEqual({ models: 'gpt-4o,gpt-4o-mini', group: 'default,vip' });
    });

    it.each([
      [{ name: '' }, '请填写渠道名称和渠道密钥！'],
      [{ key: '' }, '请填写渠道名称和渠道密钥！'],
      [{ models: '' }, '请至少选择一个模型！'],
      [{ model_mapping: '{not json' }, '模型映射必须是合法的 JSON 格式！'],
      [{ model_mapping: '{"a": 1}' }, '模型映射必须是合法的 JSON 格式！'],
      [{ model_req_config: '[1]' }, '模型请求超时时间设置必须是合法的 JSON 格式！'],
      [{ status_code_mapping: '{"400": "oops"}' }, '状态码映射必须是合法的 JSON 格式！'],
      [{ groups: ['nosuchgroup'] }, '分组不存在：nosuchgroup（请先在分组倍率中添加）'],
      [{ type: 999 }, '未知的渠道类型'],
      [{ type: 15, key: 'api-key|secret-key|extra' }, '百度千帆密钥格式为 APIKey|SecretKey（千帆应用的 API Key 和 Secret Key），或 v2 API Key（形如 bce-v3/ALTAK-…）'],
      [{ type: 18, key: 'a|b' }, '讯飞星火密钥格式为 APIPassword 或 APPID|APISecret|APIKey'],
      [{ type: 8, base_url: '' }, '自定义渠道必须填写完整的请求地址（可使用 {model} 变量）'],
      [{ base_url: 'ftp://x' }, '代理地址必须是 http:// 或 https:// 开头的地址'],
      [{ priority: 'high' }, '优先级必须是整数'],
    ])('rejects %o with its message and creates nothing', async (fields, message) => {
      const [{ count: before }] = await t.db.query('SELECT count(*)::int AS count FROM channels');
      const reply = await admin.post('/api/channel/').send({ type: 1, name: 'bad', key: 'sk-x', models: 'gpt-4o', groups: ['default'], ...fields });
      expect(reply.body).toMatchObject({ success: false, message });
      const [{ count: after }] = await t.db.query('SELECT count(*)::int AS count FROM channels');
      expect(after).toBe(before);
    });

    it('normalises type defaults and the base URL', async () => {
      const [azure] = await create({ type: 3, name: 'azure', base_url: 'https://x.openai.azure.com///' });
      const [spark] = await create({ type: 18, name: 'spark', key: 'app|secret|key' });
      expect((await admin.get(`/api/channel/${azure}`)).body.data).toMatchObject({ other: '2023-06-01-preview', base_url: 'https://x.openai.azure.com' });
      expect((await admin.get(`/api/channel/${spark}`)).body.data.other).toBe('v2.1');
    });
  });

  describe('update keeps the abilities in step', () => {
    it('follows models, groups, status, priority, weight and tag', async () => {
      const [id] = await create({ name: 'moving', models: 'a,b', groups: ['default'] });
      await admin.put('/api/channel/').send({ id, models: 'b,c', groups: ['vip'] });
      expect(pairs(await abilities(id))).toEqual(['vip/b', 'vip/c']);
      await admin.put('/api/channel/').send({ id, status: 2 });
      expect((await abilities(id)).every((row) => !row.enabled)).toBe(true);
      await admin.put('/api/channel/').send({ id, status: 1, priority: 5, weight: 7, tag: 'team' });
      expect((await abilities(id)).every((row) => row.enabled && row.priority === 5 && row.weight === 7 && row.tag === 'team')).toBe(true);
    });

    it('keeps the stored key when the key is empty, replaces it when given', async () => {
      const [id] = await create({ name: 'rekey', key: 'sk-first' });
      const sealed = async () => t.app.get(SecretBox).open((await t.db.query('SELECT key_sealed FROM channels WHERE id = $1', [id]))[0].key_sealed);
      await admin.put('/api/channel/').send({ id, key: '', name: 'rekey2' });
      expect(await sealed()).toBe('sk-first');
      await admin.put('/api/channel/').send({ id, key: 'sk-second' });
      expect(await sealed()).toBe('sk-second');
    });

    it('keeps capability flags through a sync', async () => {
      const [id] = await create({ name: 'flags', models: 'vision-model' });
      const set = await admin.post('/api/channel/update_ability').send({ channel_id: id, group: 'default', model: 'vision-model', is_viewable: true });
      expect(set.body.success).toBe(true);
      await admin.put('/api/channel/').send({ id, priority: 3 });
      const [row] = await abilities(id);
      expect(row).toMatchObject({ is_viewable: true, priority: 3 });
      const missing = await admin.post('/api/channel/update_ability').send({ channel_id: id, group: 'vip', model: 'vision-model', is_viewable: true });
      expect(missing.body).toMatchObject({ success: false, message: '该渠道能力不存在' });
    });

    it('clears the auto-disable reason when an admin enables the channel again', async () => {
      const [id] = await create({ name: 'revived' });
      await t.db.query(`UPDATE channels SET status = 3, other_info = '{"status_reason":"invalid key","status_time":1}' WHERE id = $1`, [id]);
      await admin.put('/api/channel/').send({ id, status: 1 });
      expect((await admin.get(`/api/channel/${id}`)).body.data).toMatchObject({ status: 1, other_info: '' });
    });

    it('accepts an auto-disabled channel sent back with its status 3 unchanged, and refuses setting 3 by hand', async () => {
      const [id] = await create({ name: 'resent' });
      await t.db.query(`UPDATE channels SET status = 3, other_info = '{"status_reason":"invalid key","status_time":1}' WHERE id = $1`, [id]);
      const read = (await admin.get(`/api/channel/${id}`)).body.data;
      const resent = await admin.put('/api/channel/').send({ ...read, priority: 4 });
      expect(resent.body).toMatchObject({ success: true, data: { status: 3, priority: 4 } });
      expect((await admin.get(`/api/channel/${id}`)).body.data.other_info).toContain('invalid key');
      const [other] = await create({ name: 'by-hand' });
      expect((await admin.put('/api/channel/').send({ id: other, status: 3 })).body).toMatchObject({ success: false, message: '渠道状态只能是 1（启用）或 2（禁用）' });
      expect((await create({ name: 'born-disabled', status: 3 }).catch((error: Error) => error.message))).toBe('渠道状态只能是 1（启用）或 2（禁用）');
      expect((await admin.get(`/api/channel/${other}`)).body.data.status).toBe(1);
    });

    it('answers a missing channel with the spec message', async () => {
      expect((await admin.put('/api/channel/').send({ id: 999999, name: 'x' })).body).toMatchObject({ success: false, message: '渠道不存在，请刷新后重试' });
      expect((await admin.get('/api/channel/999999')).body.message).toBe('渠道不存在，请刷新后重试');
    });
  });

  describe('delete', () => {
    it('removes the channel with its abilities, one, many, or all disabled', async () => {
      const [one, two, three, disabled, autoDisabled] = await create({ name: 'del', key: 'k1\nk2\nk3\nk4\nk5' });
      expect((await admin.delete(`/api/channel/${one}/`)).body.success).toBe(true);
      expect(await abilities(one)).toEqual([]);
      expect((await admin.post('/api/channel/batch').send({ ids: [two, three] })).body.data).toBe(2);
      expect((await admin.post('/api/channel/batch').send({ ids: [] })).body).toMatchObject({ success: false, message: '请先选择要删除的渠道' });
      await admin.put('/api/channel/').send({ id: disabled, status: 2 });
      await t.db.query('UPDATE channels SET status = 3 WHERE id = $1', [autoDisabled]);
      const reply = await admin.delete('/api/channel/disabled');
      expect(reply.body.data).toBeGreaterThanOrEqual(2);
      const [{ count }] = await t.db.query('SELECT count(*)::int AS count FROM channels WHERE id = ANY($1)', [[disabled, autoDisabled]]);
      expect(count).toBe(0);
      const [{ orphans }] = await t.db.query('SELECT count(*)::int AS orphans FROM abilities WHERE channel_id NOT IN (SELECT id FROM channels)');
      expect(orphans).toBe(0);
    });
  });

  describe('tags', () => {
    it('renames, re-prices, re-weights, re-models and switches every channel of a tag', async () => {
      const ids = await create({ name: 'tagged', key: 'a\nb', tag: 'pool', models: 'm1' });
      expect((await admin.put('/api/channel/tag').send({ tag: 'pool', priority: 9 })).body.data).toBe(2);
      expect((await admin.put('/api/channel/tag').send({ tag: 'pool', weight: 4 })).body.success).toBe(true);
      expect((await admin.put('/api/channel/tag').send({ tag: 'pool', weight: -1 })).body.message).toBe('weight must be a non-negative integer');
      expect((await admin.put('/api/channel/tag').send({ tag: 'pool', priority: 1.5 })).body.message).toBe('priority must be an integer');
      expect((await admin.put('/api/channel/tag').send({ tag: 'pool', model_mapping: 'nope' })).body.message).toBe('模型映射必须是合法的 JSON 格式！');
      expect((await admin.put('/api/channel/tag').send({ tag: 'pool' })).body.message).toBe('没有任何修改');
      await admin.put('/api/channel/tag').send({ tag: 'pool', models: 'm1,m2', groups: 'vip', new_tag: 'pool2' });
      for (const id of ids) {
        const rows = await abilities(id);
        expect(pairs(rows)).toEqual(['vip/m1', 'vip/m2']);
        expect(rows.every((row) => row.priority === 9 && row.weight === 4 && row.tag === 'pool2')).toBe(true);
      }
      expect((await admin.post('/api/channel/tag/disabled').send({ tag: 'pool2' })).body.data).toBe(2);
      for (const id of ids) expect((await abilities(id)).every((row) => !row.enabled)).toBe(true);
      await admin.post('/api/channel/tag/enabled').send({ tag: 'pool2' });
      for (const id of ids) expect((await abilities(id)).every((row) => row.enabled)).toBe(true);
      expect((await admin.post('/api/channel/tag/enabled').send({ tag: 'no-such-tag' })).body.message).toBe('标签不存在：no-such-tag');
    });

    it('aggregates tag rows in tag mode', async () => {
      await create({ name: 'agg', key: 'a\nb', tag: 'agg-tag', models: 'x', groups: ['default'] });
      const [first] = await t.db.query(`SELECT id FROM channels WHERE tag = 'agg-tag' ORDER BY id LIMIT 1`);
      await t.db.query('UPDATE channels SET used_quota = 100, response_time = 1000 WHERE tag = $1', ['agg-tag']);
      await t.db.query('UPDATE channels SET response_time = 3000, status = 2 WHERE id = $1', [first.id]);
      const reply = await admin.get('/api/channel/search').query({ keyword: 'agg-tag', tag_mode: true });
      const row = reply.body.data.items.find((item: { key?: string }) => item.key === 'tag:agg-tag');
      expect(row).toMatchObject({ tag: 'agg-tag', used_quota: 200, response_time: 2000, status: 1, group: 'default' });
      expect(row.children).toHaveLength(2);
    });
  });

  it('lists with paging and both orders, and searches by keyword, group and model', async () => {
    const ids = await create({ name: 'order', key: 'a\nb\nc', models: 'order-model', groups: ['svip'] });
    await admin.put('/api/channel/').send({ id: ids[0], priority: 1000 });
    const byPriority = await admin.get('/api/channel/').query({ p: 0, page_size: 2 });
    expect(byPriority.body.data).toMatchObject({ page: 0, page_size: 2 });
    expect(byPriority.body.data.items[0].id).toBe(ids[0]);
    expect(byPriority.body.data.total).toBeGreaterThanOrEqual(3);
    const byId = await admin.get('/api/channel/').query({ p: 0, page_size: 1, id_sort: true });
    const [{ max }] = await t.db.query('SELECT max(id) AS max FROM channels');
    expect(byId.body.data.items[0].id).toBe(max);
    const byModel = await admin.get('/api/channel/search').query({ model: 'order-model' });
    expect(byModel.body.data.items.map((item: { id: number }) => item.id).sort()).toEqual([...ids].sort());
    const byPartialModel = await admin.get('/api/channel/search').query({ model: 'order' });
    expect(byPartialModel.body.data.total).toBe(0);
    const byGroup = await admin.get('/api/channel/search').query({ group: 'svip', keyword: 'order' });
    expect(byGroup.body.data.total).toBe(3);
    // A search answers one page of its matches, like the list.
    const searchPage = await admin.get('/api/channel/search').query({ model: 'order-model', p: 1, page_size: 2, id_sort: true });
    expect(searchPage.body.data).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(searchPage.body.data.items.map((item: { id: number }) => item.id)).toEqual([Math.min(...ids)]);
    expect((await admin.get('/api/channel/search').query({ model: 'order-model' })).body.data).toMatchObject({ total: 3, page: 0, page_size: 10 });
    expect((await admin.get('/api/channel/search').query({ page_size: 1000 })).body.message).toBe('每页条数必须在 1 到 100 之间');
    const byId2 = await admin.get('/api/channel/search').query({ keyword: String(ids[1]) });
    expect(byId2.body.data.items.map((item: { id: number }) => item.id)).toContain(ids[1]);
    expect((await admin.get('/api/channel/').query({ page_size: 1000 })).body.message).toBe('每页条数必须在 1 到 100 之间');
  });

  it('copies a channel with its key through copy_from', async () => {
    const [source] = await create({ name: 'original', key: 'sk-copied-key', models: 'copy-model' });
    const reply = await admin.post('/api/channel/').send({ type: 1, name: 'original 副本', key: '', copy_from: source, models: 'copy-model', groups: ['default'] });
    const [copy] = reply.body.data.ids;
    const [row] = await t.db.query('SELECT key_sealed FROM channels WHERE id = $1', [copy]);
    expect(t.app.get(SecretBox).open(row.key_sealed)).toBe('sk-copied-key');
    expect(pairs(await abilities(copy))).toEqual(['default/copy-model']);
  });

  it('rebuilds abilities with /api/channel/fix', async () => {
    const [id] = await create({ name: 'fixme', models: 'f1,f2' });
    await t.db.query('DELETE FROM abilities WHERE channel_id = $1', [id]);
    await t.db.query(`INSERT INTO abilities ("group", model, channel_id, enabled) VALUES ('default', 'stale', $1, true)`, [id]);
    const reply = await admin.post('/api/channel/fix');
    expect(reply.body.data).toBeGreaterThanOrEqual(1);
    expect(pairs(await abilities(id))).toEqual(['default/f1', 'default/f2']);
  });

  it('fetches model lists from an OpenAI-format upstream, saved or not', async () => {
    const [id] = await create({ name: 'upstream', key: 'sk-for-upstream', base_url: upstreamUrl });
    const saved = await admin.get(`/api/channel/fetch_models/${id}`);
    expect(saved.body).toMatchObject({ success: true, data: ['up-model-a', 'up-model-b'] });
    expect(seenAuthorization.at(-1)).toBe('Bearer sk-for-upstream');
    const unsaved = await admin.post('/api/channel/fetch_models').send({ type: 1, base_url: `${upstreamUrl}/`, key: 'sk-new' });
    expect(unsaved.body.data).toEqual(['up-model-a', 'up-model-b']);
    expect(seenAuthorization.at(-1)).toBe('Bearer sk-new');
    const noKey = await admin.post('/api/channel/fetch_models').send({ type: 1, base_url: upstreamUrl });
    expect(noKey.body.message).toBe('请填写密钥');
    const broken = await admin.post('/api/channel/fetch_models').send({ type: 1, base_url: `${upstreamUrl}/broken`, key: 'k' });
    expect(broken.body).toMatchObject({ success: false, message: '获取模型列表失败：上游返回 HTTP 404' });
  });

  it('serves groups, the catalogue and the models a user may use', async () => {
    expect((await admin.get('/api/group/')).body.data).toEqual(['default', 'vip', 'svip']);
    expect((await admin.get('/api/models')).body.data['14']).toContain('claude-sonnet-4-20250514');
    const all = (await admin.get('/api/channel/models')).body.data.map((model: { id: string }) => model.id);
    expect(all).toEqual(expect.arrayContaining(['gpt-4o', 'copy-model']));

    const [id] = await create({ name: 'for-users', models: 'usable-model,hidden-later', groups: ['default'] });
    await admin.post('/api/channel/update_ability').send({ channel_id: id, group: 'default', model: 'usable-model', is_deep_seek: true });
    const [vipOnly] = await create({ name: 'vip-only', models: 'vip-model', groups: ['vip'] });
    await create({ name: 'disabled', models: 'off-model', status: 2 });
    const { agent } = await t.signUp('modeluser');
    const models = (await agent.get('/api/user/models')).body.data as string[];
    expect(models).toContain('usable-model');
    expect(models).not.toContain('vip-model');
    expect(models).not.toContain('off-model');
    const lists = await agent.get('/v1/models/lists');
    expect(lists.body.success).toBe(true);
    expect(lists.body.data.find((model: { id: string }) => model.id === 'usable-model')).toMatchObject({ name: 'usable-model', is_deep_seek: true, owned_by: 'OpenAI', provider: 'other', format: 'openai', max_token: 0 });
    expect(vipOnly).toBeGreaterThan(0);
    expect((await agent.get('/api/group/')).status).toBe(403);
  });
});
