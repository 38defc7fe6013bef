import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockOpenAiUpstream } from '../../../test/mock-openai-upstream';
import { RelayFixture, startRelayFixture } from '../../../test/relay-fixture';
import type { TestApp } from '../../../test/test-app';
import { LOG_TYPE } from '../../logs/log.entity';
import { LogWriterService, type NewLog } from '../../logs/log-writer.service';
import { UsageRollupService } from '../rollups/usage-rollup.service';

/**
 * Per-channel cost (issue 29): two channels bought at 0.5 and 1.2 × list price, a customer in a
 * group of ratio 2, real relay calls through the mock upstream (11 prompt + 7 completion tokens
 * each, completion ratio 2: 25 list units). The figures below are worked out by hand:
 *   m-a (model ratio 1.5): list ceil(37.5) = 38; revenue ceil(75) = 75; cost on A 38 × 0.5 = 19.
 *   m-b (model ratio 0.25): list ceil(6.25) = 7; revenue ceil(12.5) = 13; cost on A 7 × 0.5 = 3.5 → 4.
 *   m-p (ModelPrice $0.002): list 1000; revenue 2000; cost on B 1000 × 1.2 = 1200.
 */
const A = { m_a: { revenue: 75, cost: 19 }, m_b: { revenue: 13, cost: 4 } };
const B = { m_p: { revenue: 2000, cost: 1200 } };
const TOKENS = 18;
const DAY = 86400;

describe('revenue, cost and margin per channel and model (integration)', () => {
  let f: RelayFixture;
  let t: TestApp;
  let upstream: MockOpenAiUpstream;
  let channelA: number;
  let channelB: number;
  let customer: Awaited<ReturnType<RelayFixture['customer']>>;
  let since: number;

  const chat = (model: string) =>
    t.http().post('/v1/chat/completions').set('authorization', `Bearer ${customer.key}`).send({ model, messages: [{ role: 'user', content: 'hi' }] });
  const margins = async (query: Record<string, unknown> = {}) => {
    const reply = await f.admin.get('/api/statistics/channel-margin').query({ startTime: since, endTime: Math.floor(Date.now() / 1000) + 60, ...query });
    expect(reply.body.success, reply.body.message).toBe(true);
    return reply.body.data;
  };
  const refresh = async () => expect((await f.admin.post('/api/statistics/refresh')).body.success).toBe(true);
  const costRatioOf = async (id: number) => Number((await t.db.query('SELECT cost_ratio FROM channels WHERE id = $1', [id]))[0].cost_ratio);

  beforeAll(async () => {
    upstream = await new MockOpenAiUpstream().start();
    f = await startRelayFixture({ models: ['m-a', 'm-b', 'm-p', 'fail-500'], completionRatio: 2, channelDefaults: { type: 1, key: 'sk-upstream', base_url: upstream.url } });
    t = f.t;
    const option = async (key: string, value: unknown) => expect((await f.admin.put('/api/option/').send({ key, value: JSON.stringify(value) })).body.success).toBe(true);
    await option('ModelRatio', { 'm-a': 1.5, 'm-b': 0.25, 'fail-500': 1 });
    await option('ModelPrice', { 'm-p': 0.002 });
    await option('GroupRatio', { default: 1, vip: 2 });
    channelA = await f.channel({ name: 'cheap-a', models: 'm-a,m-b', groups: ['default', 'vip'], cost_ratio: 0.5 });
    channelB = await f.channel({ name: 'dear-b', models: 'm-p,fail-500', groups: ['default', 'vip'], cost_ratio: '1.2' });
    customer = await f.customer('margin-buyer', 100_000_000);
    await t.db.query(`UPDATE users SET "group" = 'vip' WHERE id = $1`, [customer.userId]);
    since = Math.floor(Date.now() / 1000) - 60;
  });
  afterAll(async () => {
    await t.close();
    await upstream.stop();
  });

  it('stores the cost ratio, 1 by default, returned in the list and the detail', async () => {
    expect(await costRatioOf(channelA)).toBe(0.5);
    expect(await costRatioOf(channelB)).toBe(1.2);
    const plain = await f.channel({ name: 'list-price', models: 'm-a', groups: ['default'] });
    expect((await f.admin.get(`/api/channel/${plain}`)).body.data.cost_ratio).toBe(1);
    const list = await f.admin.get('/api/channel/').query({ p: 0, page_size: 100 });
    const items = list.body.data.items as Array<{ id: number; cost_ratio: number }>;
    expect(items.find((item) => item.id === channelA)?.cost_ratio).toBe(0.5);
    const free = await f.admin.put('/api/channel/').send({ id: plain, cost_ratio: 0 });
    expect(free.body.success, free.body.message).toBe(true);
    expect(await costRatioOf(plain)).toBe(0);
    expect((await f.admin.delete(`/api/channel/${plain}`)).body.success).toBe(true);
  });

  const MSG = '成本倍率必须是 0 到 100 之间的数字';
  it.each([
    ['-1', -1, MSG],
    ['"abc"', 'abc', MSG],
    ['"1.2abc"', '1.2abc', MSG],
    // Text with a NUL is refused for every field before validation (common/ rules), in its own words.
    ['a NUL', '1\u0000', '参数中不能包含空字符'],
    ['an empty text', '', MSG],
    ['null', null, MSG],
    ['true', true, MSG],
    ['101', 101, MSG],
  ])('refuses cost_ratio %s with a Chinese message and changes nothing', async (_label, value, message) => {
    const reply = await f.admin.put('/api/channel/').send({ id: channelA, cost_ratio: value, name: 'renamed-by-a-bad-edit' });
    expect(reply.body).toMatchObject({ success: false, message });
    expect(await costRatioOf(channelA)).toBe(0.5);
    expect((await t.db.query('SELECT name FROM channels WHERE id = $1', [channelA]))[0].name).toBe('cheap-a');
  });

  it('refuses 1e309 (Infinity once parsed) and creates nothing with a bad ratio', async () => {
    // A number beyond float range is refused for every field before validation, in its own words.
    const reply = await f.admin.put('/api/channel/').set('content-type', 'application/json').send(`{"id":${channelA},"cost_ratio":1e309}`);
    expect(reply.body).toMatchObject({ success: false, message: '数值超出范围' });
    expect((await f.admin.put('/api/channel/').send({ id: channelA, cost_ratio: '1e309' })).body).toMatchObject({ success: false, message: MSG });
    expect(await costRatioOf(channelA)).toBe(0.5);
    const before = Number((await t.db.query('SELECT count(*) FROM channels'))[0].count);
    const created = await f.admin.post('/api/channel/').send({ type: 1, name: 'bad', key: 'sk-x', base_url: upstream.url, models: 'm-a', groups: ['default'], cost_ratio: 'abc' });
    expect(created.body).toMatchObject({ success: false, message: '成本倍率必须是 0 到 100 之间的数字' });
    expect(Number((await t.db.query('SELECT count(*) FROM channels'))[0].count)).toBe(before);
  });

  it('records each call’s cost on its log row, shows it to administrators only, and sums exact margins per channel and model', async () => {
    for (const model of ['m-a', 'm-a', 'm-a', 'm-b', 'm-b', 'm-p', 'm-p']) expect((await chat(model)).status).toBe(200);
    expect((await chat('fail-500')).status).toBeGreaterThanOrEqual(500);
    const logs = await f.logsOf(customer.userId, 8);
    const consumed = logs.filter((log) => log.type === LOG_TYPE.CONSUME);
    expect(consumed.map((log) => [log.model_name, Number(log.quota), JSON.parse(log.other).cost, JSON.parse(log.other).cost_ratio])).toEqual([
      ['m-a', 75, 19, 0.5],
      ['m-a', 75, 19, 0.5],
      ['m-a', 75, 19, 0.5],
      ['m-b', 13, 4, 0.5],
      ['m-b', 13, 4, 0.5],
      ['m-p', 2000, 1200, 1.2],
      ['m-p', 2000, 1200, 1.2],
    ]);
    const failed = logs.find((log) => log.type === LOG_TYPE.ERROR);
    expect(failed.channel).toBe(channelB);
    expect(JSON.parse(failed.other).cost).toBeUndefined();

    // The administrator's log shows the cost; the customer's own never does.
    const adminLogs = await f.admin.get('/api/log/').query({ p: 0, page_size: 100, type: LOG_TYPE.CONSUME, username: 'margin-buyer' });
    expect(adminLogs.body.data.items.every((log: { other: string }) => typeof JSON.parse(log.other).cost === 'number')).toBe(true);
    const own = await customer.agent.get('/api/log/self').query({ p: 0, page_size: 100 });
    expect(own.body.data.items.length).toBe(8);
    for (const log of own.body.data.items as Array<{ other: string }>) {
      expect(log.other).not.toMatch(/cost/);
      expect(log).not.toHaveProperty('channel');
    }

    await refresh();
    const byChannelModel = await margins();
    expect(byChannelModel.group_by).toBe('channel_model');
    const row = (channel: number, revenue: number, cost: number, requests: number, model: string) => ({
      channel_id: channel,
      model_name: model,
      request_count: requests,
      token_used: requests * TOKENS,
      revenue_quota: requests * revenue,
      cost_quota: requests * cost,
      margin_quota: requests * (revenue - cost),
      margin_rate: (revenue - cost) / revenue,
      uncosted_count: 0,
    });
    expect(byChannelModel.items).toMatchObject([
      { ...row(channelB, B.m_p.revenue, B.m_p.cost, 2, 'm-p'), channel_name: 'dear-b', cost_ratio: 1.2 },
      { ...row(channelA, A.m_a.revenue, A.m_a.cost, 3, 'm-a'), channel_name: 'cheap-a', cost_ratio: 0.5 },
      { ...row(channelA, A.m_b.revenue, A.m_b.cost, 2, 'm-b'), channel_name: 'cheap-a', cost_ratio: 0.5 },
    ]);
    const revenue = 3 * 75 + 2 * 13 + 2 * 2000;
    const cost = 3 * 19 + 2 * 4 + 2 * 1200;
    expect(byChannelModel.totals).toMatchObject({ request_count: 7, token_used: 7 * TOKENS, revenue_quota: revenue, cost_quota: cost, margin_quota: revenue - cost, uncosted_count: 0 });
    expect(byChannelModel.totals.margin_rate).toBeCloseTo((revenue - cost) / revenue, 12);

    const byChannel = await margins({ group_by: 'channel' });
    expect(byChannel.items).toMatchObject([
      { channel_id: channelB, model_name: '', revenue_quota: 4000, cost_quota: 2400, margin_quota: 1600, request_count: 2 },
      { channel_id: channelA, model_name: '', revenue_quota: 251, cost_quota: 65, margin_quota: 186, request_count: 5 },
    ]);
    const byModel = await margins({ group_by: 'model', modelName: 'm-a' });
    expect(byModel.items).toMatchObject([{ channel_id: 0, channel_name: '', cost_ratio: null, model_name: 'm-a', revenue_quota: 225, cost_quota: 57 }]);
    const oneChannel = await margins({ channel_id: channelA });
    expect(oneChannel.items.map((item: { model_name: string }) => item.model_name)).toEqual(['m-a', 'm-b']);
    expect(oneChannel.totals).toMatchObject({ revenue_quota: 251, cost_quota: 65 });

    // Rolled up again, and again after more calls: nothing counted twice.
    await refresh();
    expect((await margins()).totals).toMatchObject({ revenue_quota: revenue, cost_quota: cost });
    expect((await chat('m-b')).status).toBe(200);
    expect((await chat('fail-500')).status).toBeGreaterThanOrEqual(500);
    await f.logsOf(customer.userId, 10);
    await refresh();
    await refresh();
    expect((await margins()).totals).toMatchObject({ request_count: 8, revenue_quota: revenue + 13, cost_quota: cost + 4 });
  });

  it('shows a renamed channel by its new name and a deleted one as #id（已删除）', async () => {
    expect((await f.admin.put('/api/channel/').send({ id: channelB, name: 'dear-b-renamed' })).body.success).toBe(true);
    expect((await f.admin.delete(`/api/channel/${channelA}`)).body.success).toBe(true);
    const byChannel = await margins({ group_by: 'channel' });
    expect(byChannel.items.map((item: { channel_name: string; cost_ratio: number | null }) => [item.channel_name, item.cost_ratio])).toEqual([
      ['dear-b-renamed', 1.2],
      [`#${channelA}（已删除）`, null],
    ]);
  });

  it('refuses an ordinary user (403), and bad ranges and filters as GET /api/statistics does', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect((await customer.agent.get('/api/statistics/channel-margin').query({ startTime: now - DAY, endTime: now })).status).toBe(403);
    expect((await t.http().get('/api/statistics/channel-margin').query({ startTime: now - DAY, endTime: now })).status).toBe(401);
    const bad = async (query: Record<string, unknown>) => {
      const margin = (await f.admin.get('/api/statistics/channel-margin').query(query)).body;
      expect(margin.success).toBe(false);
      return margin.message;
    };
    const statistics = async (query: Record<string, unknown>) => (await f.admin.get('/api/statistics').query(query)).body.message;
    for (const range of [{ startTime: now, endTime: now - 10 }, { startTime: 0, endTime: now }, { startTime: 'yesterday', endTime: now }]) {
      expect(await bad(range)).toBe(await statistics(range));
    }
    expect(await bad({ startTime: now, endTime: now - 10 })).toBe('开始时间不能晚于结束时间');
    expect(await bad({ startTime: now - DAY, endTime: now, group_by: 'user' })).toBe('group_by 只能是 channel、model 或 channel_model');
    expect(await bad({ startTime: now - DAY, endTime: now, channel_id: 'abc' })).toBe('渠道 ID 必须是正整数');
    expect(await bad({ startTime: now - DAY, endTime: now, channel_id: 0 })).toBe('渠道 ID 必须是正整数');
  });

  it('sums whole days from day rows and the ends from hour rows, equal to the logs of the range', async () => {
    // Logs over five days on a channel of its own, then ranges that start and end inside a day.
    const channel = 9001;
    const day0 = Math.floor(Date.now() / 1000 / DAY) * DAY - 10 * DAY;
    const rows: NewLog[] = [];
    for (let i = 0; i < 5 * 24; i++) {
      const created = day0 + i * 3600 + 17;
      rows.push(logRow(created, channel, i % 2 === 0 ? 'm-x' : 'm-y', 100 + i, 40 + (i % 7)));
    }
    const writer = t.app.get(LogWriterService);
    for (const row of rows) writer.write(row);
    await writer.flush();
    await t.app.get(UsageRollupService).catchUp();
    for (const [from, to] of [
      [day0 + 5 * 3600, day0 + 3 * DAY + 7 * 3600 + 5],
      [day0 + DAY, day0 + 2 * DAY - 1],
      [day0 + 30 * 3600, day0 + 31 * 3600],
    ]) {
      // As GET /api/statistics: from the start of the hour holding `from` to the end of the hour holding `to`.
      const inRange = rows.filter((row) => row.created_at >= Math.floor(from / 3600) * 3600 && row.created_at < Math.floor(to / 3600) * 3600 + 3600);
      const reply = await margins({ startTime: from, endTime: to, channel_id: channel, group_by: 'channel' });
      expect(reply.totals, `${from}..${to}`).toMatchObject({
        request_count: inRange.length,
        revenue_quota: inRange.reduce((sum, row) => sum + row.quota, 0),
        cost_quota: inRange.reduce((sum, row) => sum + JSON.parse(row.other).cost, 0),
        // The token kinds kept in `other` are summed too (the statistics row has no column for them).
        cache_creation_1h_tokens: 3 * inRange.length,
        completion_audio_tokens: 2 * inRange.length,
        prompt_image_tokens: inRange.length,
        completion_image_tokens: inRange.length,
      });
      expect(reply.items).toMatchObject([{ channel_id: channel, channel_name: `#${channel}（已删除）` }]);
    }
  });
});

/** A consumption log of the relay's shape, with its cost and the token kinds without a column recorded in `other`. */
function logRow(createdAt: number, channel: number, model: string, quota: number, cost: number): NewLog {
  return {
    created_at: createdAt,
    type: LOG_TYPE.CONSUME,
    user_id: 1,
    username: 'root',
    token_id: 0,
    token_name: '',
    channel,
    channel_name: 'synthetic',
    model_name: model,
    resp_model_name: model,
    group: 'default',
    quota,
    prompt_tokens: 10,
    prompt_audio_tokens: 0,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    completion_tokens: 5,
    thoughts_tokens: 0,
    use_time: 1,
    is_stream: false,
    status_code: 200,
    content: '',
    other: JSON.stringify({ model_ratio: 1, completion_ratio: 1, group_ratio: 1, cost, cost_ratio: 0.4, cache_creation_tokens_1h: 3, completion_audio_tokens: 2, prompt_image_tokens: 1, completion_image_tokens: 1 }),
    attempts_log: '[]',
    request_id: `synthetic-${createdAt}`,
    ip: '',
    inbound_format: 'openai',
    instance: 'test',
    use_time_ms: 1000,
  };
}
