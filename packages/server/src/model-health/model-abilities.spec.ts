import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, startTestApp, TestApp } from '../../test/test-app';

const PAGING_MODELS = Array.from({ length: 12 }, (_, i) => `m${String(i + 1).padStart(2, '0')}`);

describe('GET /api/channel/abilities (integration)', () => {
  let t: TestApp;
  let admin: TestAgent;
  let alpha: number;
  let beta: number;
  let many: number;

  const create = async (fields: Record<string, unknown>): Promise<number> => {
    const reply = await admin.post('/api/channel/').send({ type: 1, key: 'sk-upstream', groups: ['default'], ...fields });
    expect(reply.body).toMatchObject({ success: true });
    return reply.body.data.ids[0];
  };
  const list = async (query: Record<string, unknown> = {}) => {
    const reply = await admin.get('/api/channel/abilities').query(query);
    expect(reply.status).toBe(200);
    return reply.body;
  };

  beforeAll(async () => {
    t = await startTestApp();
    admin = (await t.login('root', ROOT_PASSWORD)).agent;
    alpha = await create({ name: 'alpha', models: 'gpt-4o,DeepSeek-R1', groups: ['default', 'vip'] });
    beta = await create({ name: 'beta', type: 14, models: 'claude-3-5-sonnet' });
    many = await create({ name: 'many', models: PAGING_MODELS.join(',') });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is its own route, not a channel id, and GET /api/channel/:id still works', async () => {
    expect((await list()).success).toBe(true);
    const channel = await admin.get(`/api/channel/${beta}`);
    expect(channel.body).toMatchObject({ success: true, data: { id: beta, name: 'beta' } });
  });

  it('lists one row per group, model and channel, ten to a page by default', async () => {
    const first = await list();
    expect(first.data).toMatchObject({ total: 17, page: 0, page_size: 10 });
    expect(first.data.items).toHaveLength(10);
    const second = await list({ p: 1 });
    expect(second.data.items).toHaveLength(7);
    const ids = [...first.data.items, ...second.data.items].map((item: { id: string }) => item.id);
    expect(new Set(ids).size).toBe(17);
    expect((await list({ p: 1, page_size: 5 })).data.items.map((item: { id: string }) => item.id)).toEqual(ids.slice(5, 10));
  });

  it('shows each row with its channel, owner and flags', async () => {
    const body = await list({ channel_id: beta });
    expect(body.data).toEqual({
      items: [
        {
          id: `${beta}:default:claude-3-5-sonnet`,
          model: 'claude-3-5-sonnet',
          owned_by: 'Anthropic Claude',
          channel_id: beta,
          channel_name: 'beta',
          group: 'default',
          is_deep_seek: false,
          is_viewable: false,
          status: 1,
          status_reason: '',
          status_time: 0,
        },
      ],
      total: 1,
      page: 0,
      page_size: 10,
      model_states: [
        {
          model: 'claude-3-5-sonnet',
          enabled: 1,
          auto_disabled: 0,
          manually_disabled: 0,
          channel_disabled: 0,
          channels: [{ channel_id: beta, channel_name: 'beta', channel_status: 1, status: 1, status_reason: '', status_time: 0 }],
        },
      ],
    });
    expect((await list({ channel_id: alpha, model: 'gpt' })).data.items[0].owned_by).toBe('OpenAI');
  });

  it('filters by part of the model name, group and channel', async () => {
    const deep = await list({ model: 'deepseek' });
    expect(deep.data.items.map((item: { id: string }) => item.id).sort()).toEqual([`${alpha}:default:DeepSeek-R1`, `${alpha}:vip:DeepSeek-R1`]);
    const vip = await list({ group: 'vip' });
    expect(vip.data.total).toBe(2);
    expect(vip.data.items.every((item: { group: string }) => item.group === 'vip')).toBe(true);
    expect((await list({ channel_id: many, model: 'm1' })).data.total).toBe(3);
    // Empty filters, as the console's search form sends them, mean "any".
    expect((await list({ model: '', group: '', channel_id: '', is_deep_seek: '' })).data.total).toBe(17);
    // A % in the filter is a character, not a wildcard.
    expect((await list({ model: '%' })).data.total).toBe(0);
  });

  it('lists the flags set through update_ability, and filters by them', async () => {
    const updated = await admin.post('/api/channel/update_ability').send({ channel_id: alpha, group: 'vip', model: 'DeepSeek-R1', is_deep_seek: true, is_viewable: true });
    expect(updated.body).toMatchObject({ success: true });
    await admin.post('/api/channel/update_ability').send({ channel_id: alpha, group: 'default', model: 'gpt-4o', is_viewable: true });

    const thinking = await list({ is_deep_seek: true });
    expect(thinking.data.items).toEqual([expect.objectContaining({ id: `${alpha}:vip:DeepSeek-R1`, is_deep_seek: true, is_viewable: true })]);
    const viewable = await list({ is_viewable: 'true' });
    expect(viewable.data.items.map((item: { id: string }) => item.id).sort()).toEqual([`${alpha}:default:gpt-4o`, `${alpha}:vip:DeepSeek-R1`]);
    expect((await list({ is_deep_seek: false })).data.total).toBe(16);
    expect((await list({ is_deep_seek: 1, is_viewable: 0 })).data.total).toBe(0);
  });

  it.each([
    [{ is_viewable: 'maybe' }, 'is_viewable 必须是 true 或 false'],
    [{ channel_id: 'abc' }, '渠道 ID 必须是整数'],
    [{ page_size: 500 }, '每页条数必须在 1 到 100 之间'],
    [{ p: -1 }, '页码不能小于 0'],
  ])('refuses %o with a clear message', async (query, message) => {
    expect(await list(query)).toMatchObject({ success: false, message });
  });

  it('is for administrators only', async () => {
    const { agent } = await t.signUp('plain-user');
    expect((await agent.get('/api/channel/abilities')).status).toBe(403);
    expect((await t.http().get('/api/channel/abilities')).status).toBe(401);
  });

  // Last: its channels would change the counts the tests above expect.
  it('shows, per model of the page, on how many channels it is enabled, disabled by the gateway or by hand, with each channel\'s reason and time', async () => {
    const names = ['ms-one', 'ms-two', 'ms-three', 'ms-four', 'ms-five'];
    const ids: number[] = [];
    for (const name of names) ids.push(await create({ name, models: 'ms-model', groups: ['default', 'vip'] }));
    // The gateway disabled it on one channel (as the relay and heartbeats do), an administrator on another; a third channel is off.
    await t.db.query(`UPDATE abilities SET status = 3, status_reason = 'HTTP 404: model_not_found', status_time = 1700000000, enabled = false WHERE channel_id = $1`, [ids[1]]);
    expect((await admin.post('/api/channel/ability').send({ channel_id: ids[2], model: 'ms-model', enabled: false })).body.success).toBe(true);
    expect((await admin.put('/api/channel/').send({ id: ids[3], status: 2 })).body.success).toBe(true);

    const body = await list({ model: 'ms-model', group: 'vip' });
    expect(body.data.items.map((item: { channel_id: number; status: number }) => [item.channel_id, item.status])).toEqual([
      [ids[0], 1],
      [ids[1], 3],
      [ids[2], 2],
      [ids[3], 1],
      [ids[4], 1],
    ]);
    expect(body.data.items[1]).toMatchObject({ status_reason: 'HTTP 404: model_not_found', status_time: 1700000000 });
    const [summary] = body.data.model_states;
    // Each channel counted once although two groups list the model.
    expect(summary).toMatchObject({ model: 'ms-model', enabled: 2, auto_disabled: 1, manually_disabled: 1, channel_disabled: 1 });
    expect(summary.channels).toHaveLength(5);
    expect(summary.channels[1]).toEqual({ channel_id: ids[1], channel_name: 'ms-two', channel_status: 1, status: 3, status_reason: 'HTTP 404: model_not_found', status_time: 1700000000 });
    expect(summary.channels[2]).toMatchObject({ channel_id: ids[2], status: 2, status_reason: '' });
    expect(summary.channels[2].status_time).toBeGreaterThan(0);
    expect(summary.channels[3]).toMatchObject({ channel_id: ids[3], channel_status: 2, status: 1 });
  });
});
