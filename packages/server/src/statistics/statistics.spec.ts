import ExcelJS from 'exceljs';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, startTestApp, TestApp } from '../../test/test-app';
import { LOG_TYPE } from '../logs/log.entity';
import { LogWriterService, type NewLog } from '../logs/log-writer.service';
import { NO_TIERS, type Price, quotaFor, type Tier, tierFor } from '../relay/billing/pricing';
import { usageOf } from '../relay/billing/usage';
import { UsageRollupService } from './rollups/usage-rollup.service';
import { binaryBody } from '../../test/binary-body';

/**
 * Property test (issue 17): over generated logs — users, tokens, models, prices, channels,
 * instances, errors and wrong charges, times across days of Asia/Shanghai — every statistics,
 * monitor and dashboard figure equals the same figure computed here from the raw logs, also after
 * a roll-up that failed half-way.
 */

const HOUR = 3600;
const DAY = 86400;
/** Asia/Shanghai is UTC+8 all year: its days are computed here without the product's clock. */
const SHANGHAI = 8 * HOUR;
const shanghaiDay = (ts: number) => Math.floor((ts + SHANGHAI) / DAY) * DAY - SHANGHAI;
const shanghaiLabel = (dayStart: number) => new Date((dayStart + SHANGHAI) * 1000).toISOString().slice(0, 10);
const hourOf = (ts: number) => Math.floor(ts / HOUR) * HOUR;

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return { next, int: (max: number) => Math.floor(next() * max), pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] };
}

const MODELS: Array<{ name: string; prices: Array<{ model_ratio: number; completion_ratio: number; model_price?: number }> }> = [
  { name: 'gpt-4o', prices: [{ model_ratio: 1.25, completion_ratio: 4 }, { model_ratio: 2.5, completion_ratio: 4 }] },
  { name: 'claude-sonnet', prices: [{ model_ratio: 1.5, completion_ratio: 5 }] },
  { name: 'deepseek-chat', prices: [{ model_ratio: 0.135, completion_ratio: 4 }] },
  { name: 'gpt-image', prices: [{ model_price: 0.04, model_ratio: 0, completion_ratio: 1 }] },
];
const CHANNELS = [
  { id: 3, name: 'openai-main' },
  { id: 7, name: 'anthropic' },
  { id: 9, name: 'azure-east' },
];
const INSTANCES = ['gw-a', 'gw-b'];
/** Above 2500 prompt tokens a request is billed at ×2 for its prompt and ×1.5 for its completion. */
const LONG_CONTEXT: Tier = { abovePromptTokens: 2500, promptMultiplier: 2, completionMultiplier: 1.5 };
const QUOTA_PER_UNIT = 500_000;

interface Person {
  agent: TestAgent;
  userId: number;
  username: string;
  tokens: Array<{ id: number; name: string }>;
}

type Figures = Record<string, number>;

describe('statistics, monitor and dashboard read roll-ups equal to the logs (integration)', () => {
  let t: TestApp;
  let root: TestAgent;
  let admin: Person;
  let people: Person[];
  let logs: NewLog[];
  let now: number;
  let rollups: UsageRollupService;

  const generate = (count: number, seed: number): NewLog[] => {
    const r = random(seed);
    const rows: NewLog[] = [];
    for (let i = 0; i < count; i++) {
      const person = r.pick(people);
      const token = r.pick(person.tokens);
      const model = r.pick(MODELS);
      const price = r.pick(model.prices);
      const error = r.next() < 0.12;
      const refused = error && r.next() < 0.3; // refused before any channel (limits, balance)
      const channel = r.pick(CHANNELS);
      const prompt = r.int(3000);
      const completion = r.int(1500);
      const cacheRead = r.int(Math.min(prompt, 400));
      const cacheCreation = r.int(Math.min(prompt - cacheRead, 300));
      const audio = r.next() < 0.2 ? r.int(200) : 0;
      const stream = r.next() < 0.6;
      const group = r.pick([1, 1, 0.8]);
      // Every token kind (billing/usage.ts), the parts fitted inside their totals.
      const usage = usageOf({
        prompt_tokens: prompt,
        completion_tokens: completion,
        cache_read_tokens: cacheRead,
        cache_creation_tokens: cacheCreation,
        cache_creation_1h_tokens: r.int(cacheCreation + 1),
        prompt_audio_tokens: audio,
        prompt_image_tokens: r.next() < 0.1 ? r.int(100) : 0,
        reasoning_tokens: r.int(completion + 1),
        completion_audio_tokens: audio > 0 ? r.int(completion + 1) : 0,
        completion_image_tokens: r.next() < 0.1 ? r.int(completion + 1) : 0,
      });
      const billedPrice: Price = {
        modelPrice: price.model_price,
        modelRatio: price.model_ratio,
        completionRatio: price.completion_ratio,
        groupRatio: group,
        cacheReadRatio: 0.1,
        cacheCreationRatio: 1.25,
        cacheCreation1hRatio: 2,
        audioRatio: 8,
        imageRatio: 2,
        audioCompletionRatio: 2,
        imageCompletionRatio: 30,
        reasoningRatio: 1.5,
        tiers: [LONG_CONTEXT],
      };
      const tier = price.model_price === undefined ? tierFor(billedPrice, prompt) : undefined;
      const billed = quotaFor(billedPrice, usage, QUOTA_PER_UNIT);
      const wrong = !error && r.next() < 0.04;
      const useTimeMs = 200 + r.int(20_000);
      rows.push({
        // Five days back to now: several Shanghai days and their boundaries.
        created_at: now - 60 - r.int(5 * DAY),
        type: error ? LOG_TYPE.ERROR : LOG_TYPE.CONSUME,
        user_id: person.userId,
        username: person.username,
        token_id: token.id,
        token_name: token.name,
        channel: refused ? 0 : channel.id,
        channel_name: refused ? '' : channel.name,
        model_name: model.name,
        resp_model_name: model.name,
        group: 'default',
        quota: error ? 0 : wrong ? billed + 7 : billed,
        prompt_tokens: error ? 0 : usage.prompt_tokens,
        prompt_audio_tokens: error ? 0 : usage.prompt_audio_tokens,
        cache_creation_input_tokens: error ? 0 : usage.cache_creation_tokens,
        cache_read_input_tokens: error ? 0 : usage.cache_read_tokens,
        completion_tokens: error ? 0 : usage.completion_tokens,
        thoughts_tokens: error ? 0 : usage.reasoning_tokens,
        use_time: Math.round(useTimeMs / 1000),
        is_stream: stream,
        status_code: error ? 502 : 200,
        content: error ? 'upstream failed' : '',
        other: error
          ? JSON.stringify({ admin_info: { use_channel: [channel.id] } })
          : JSON.stringify({
              frt: stream ? 100 + r.int(3000) : undefined,
              model_ratio: price.model_ratio,
              completion_ratio: price.completion_ratio,
              group_ratio: group,
              model_price: price.model_price,
              cache_ratio: billedPrice.cacheReadRatio,
              cache_creation_ratio: billedPrice.cacheCreationRatio,
              cache_creation_ratio_1h: billedPrice.cacheCreation1hRatio,
              audio_ratio: billedPrice.audioRatio,
              audio_completion_ratio: billedPrice.audioCompletionRatio,
              image_ratio: billedPrice.imageRatio,
              image_completion_ratio: billedPrice.imageCompletionRatio,
              reasoning_ratio: billedPrice.reasoningRatio,
              tier: tier && { above_prompt_tokens: tier.abovePromptTokens, prompt_multiplier: tier.promptMultiplier, completion_multiplier: tier.completionMultiplier },
              cache_creation_tokens_1h: usage.cache_creation_1h_tokens,
              prompt_image_tokens: usage.prompt_image_tokens,
              completion_audio_tokens: usage.completion_audio_tokens,
              completion_image_tokens: usage.completion_image_tokens,
            }),
        attempts_log: '[]',
        request_id: `req-${seed}-${i}`,
        ip: '203.0.113.1',
        inbound_format: 'openai',
        instance: r.pick(INSTANCES),
        use_time_ms: useTimeMs,
      });
    }
    return rows;
  };

  const write = async (rows: NewLog[]) => {
    const writer = t.app.get(LogWriterService);
    for (const row of rows) writer.write(row);
    await writer.flush();
  };

  /** The calculated quota of one consumption row, from its logged ratios and token kinds (what the billing formula gives). */
  const calculated = (log: NewLog) => {
    const other = JSON.parse(log.other);
    const tier = other.tier && { abovePromptTokens: other.tier.above_prompt_tokens, promptMultiplier: other.tier.prompt_multiplier, completionMultiplier: other.tier.completion_multiplier };
    return quotaFor(
      {
        modelPrice: other.model_price,
        modelRatio: other.model_ratio,
        completionRatio: other.completion_ratio,
        groupRatio: other.group_ratio,
        cacheReadRatio: other.cache_ratio,
        cacheCreationRatio: other.cache_creation_ratio,
        cacheCreation1hRatio: other.cache_creation_ratio_1h,
        audioRatio: other.audio_ratio,
        imageRatio: other.image_ratio,
        audioCompletionRatio: other.audio_completion_ratio,
        imageCompletionRatio: other.image_completion_ratio,
        reasoningRatio: other.reasoning_ratio,
        tiers: tier ? [tier] : NO_TIERS,
      },
      {
        prompt_tokens: log.prompt_tokens,
        completion_tokens: log.completion_tokens,
        cache_read_tokens: log.cache_read_input_tokens,
        cache_creation_tokens: log.cache_creation_input_tokens,
        cache_creation_1h_tokens: other.cache_creation_tokens_1h,
        prompt_audio_tokens: log.prompt_audio_tokens,
        prompt_image_tokens: other.prompt_image_tokens,
        reasoning_tokens: log.thoughts_tokens,
        completion_audio_tokens: other.completion_audio_tokens,
        completion_image_tokens: other.completion_image_tokens,
      },
      QUOTA_PER_UNIT,
    );
  };

  /** Sums the consumption logs per key, as the statistics should show them. */
  const expectedStatistics = (rows: NewLog[], keyOf: (log: NewLog) => string): Map<string, Figures> => {
    const groups = new Map<string, Figures>();
    for (const log of rows) {
      if (log.type !== LOG_TYPE.CONSUME) continue;
      const key = keyOf(log);
      const figures = groups.get(key) ?? { request_count: 0, token_used: 0, prompt_token_used: 0, complete_token_used: 0, cache_read_input_token_used: 0, thoughts_token_used: 0, quota: 0, calculate_quota: 0 };
      figures.request_count += 1;
      figures.token_used += log.prompt_tokens + log.completion_tokens;
      figures.prompt_token_used += log.prompt_tokens;
      figures.complete_token_used += log.completion_tokens;
      figures.cache_read_input_token_used += log.cache_read_input_tokens;
      figures.thoughts_token_used += log.thoughts_tokens;
      figures.quota += log.quota;
      figures.calculate_quota += calculated(log);
      groups.set(key, figures);
    }
    return groups;
  };

  const pick = (row: Record<string, unknown>): Figures =>
    Object.fromEntries(['request_count', 'token_used', 'prompt_token_used', 'complete_token_used', 'cache_read_input_token_used', 'thoughts_token_used', 'quota', 'calculate_quota'].map((name) => [name, row[name] as number]));

  /** Every row of a statistics view, page by page. */
  const allRows = async (path: string, query: Record<string, unknown>) => {
    const rows: Array<Record<string, unknown>> = [];
    let body: Record<string, number> & { items?: unknown[] } = {};
    for (let p = 1; ; p++) {
      const reply = await admin.agent.get(path).query({ ...query, p, page_size: 100 });
      expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
      body = reply.body.data;
      rows.push(...(body.items as Array<Record<string, unknown>>));
      if ((body.items ?? []).length < 100) break;
    }
    return { rows, body };
  };

  const detailKey = (dayLabel: string, instance: string, userId: number, tokenId: number, model: string, ratios: string) => `${dayLabel}|${instance}|${userId}|${tokenId}|${model}|${ratios}`;
  const ratiosOfLog = (log: NewLog) => {
    const other = JSON.parse(log.other);
    return `${other.model_ratio}|${other.completion_ratio}|${other.group_ratio}|${other.model_price ?? null}`;
  };

  /** The detail rows and totals a page gave equal `expected` (key: detailKey with the row's day or hour label). */
  const expectDetail = (rows: Array<Record<string, unknown>>, body: Record<string, number>, expected: Map<string, Figures>) => {
    const actual = new Map(
      rows.map((row) => [
        detailKey(row.day_time as string, row.instance as string, row.user_id as number, row.token_id as number, row.model_name as string, `${row.calculate_prompt_ratio}|${row.calculate_complete_ratio}|${row.calculate_group_ratio}|${row.model_price}`),
        pick(row),
      ]),
    );
    expect(actual).toEqual(expected);
    expect(body.total).toBe(expected.size);
    const sum = (name: string) => [...expected.values()].reduce((total, figures) => total + figures[name], 0);
    expect({ totalQuota: body.totalQuota, totalCalculateQuota: body.totalCalculateQuota, totalRequests: body.totalRequests, totalTokens: body.totalTokens }).toEqual({
      totalQuota: sum('quota'),
      totalCalculateQuota: sum('calculate_quota'),
      totalRequests: sum('request_count'),
      totalTokens: sum('token_used'),
    });
  };

  beforeAll(async () => {
    t = await startTestApp();
    now = Math.floor(Date.now() / 1000);
    rollups = t.app.get(UsageRollupService);
    root = (await t.login('root', ROOT_PASSWORD)).agent;
    // The spec's rows are all it counts: root's 管理 row of its starting quota goes first.
    await t.db.query('DELETE FROM logs');
    const person = async (username: string): Promise<Person> => {
      const signed = await t.signUp(username);
      const tokens = [1, 2].map((k) => ({ id: signed.userId * 100 + k, name: `${username}-t${k}` }));
      return { ...signed, username, tokens };
    };
    admin = await person('stats-admin');
    await t.db.query('UPDATE users SET role = 10 WHERE id = $1', [admin.userId]);
    people = [await person('stats-alice'), await person('stats-bob'), await person('stats-carol')];
    await t.db.query('UPDATE users SET quota = 123456 WHERE id = $1', [people[0].userId]);
    logs = generate(1500, 17);
    await write(logs);
  });
  afterAll(async () => {
    await t.close();
  });

  it('rolls up in chunks, survives a roll-up that fails half-way without counting a log twice, and adds nothing when run again', async () => {
    rollups.chunkIds = 200;
    // A fault injected after some chunks committed: a chunk whose roll-ups are written fails before
    // its transaction moves the state on, as a crash at that point would end it.
    await t.db.query(`
      CREATE FUNCTION test_rollup_fault() RETURNS trigger AS $$
      BEGIN
        IF NEW.last_log_id >= (SELECT min(id) + 600 FROM logs) THEN RAISE EXCEPTION 'injected fault'; END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await t.db.query('CREATE TRIGGER test_rollup_fault BEFORE UPDATE ON usage_rollup_state FOR EACH ROW EXECUTE FUNCTION test_rollup_fault()');
    await expect(rollups.catchUp()).rejects.toThrow('injected fault');
    const halfway = await rollups.progress();
    expect(halfway.lastLogId).toBeGreaterThan(0);
    await t.db.query('DROP TRIGGER test_rollup_fault ON usage_rollup_state');
    await t.db.query('DROP FUNCTION test_rollup_fault()');

    // More logs arrive meanwhile; the next run takes in the rest and the new ones.
    const later = generate(300, 23);
    await write(later);
    logs.push(...later);
    // A run of at least vacuumAfterLogs rows leaves the roll-up tables vacuumed and analysed.
    const vacuumed = async () => (await t.db.query(`SELECT count(*)::int AS n FROM pg_stat_user_tables WHERE relname LIKE 'usage_%rollups' AND last_vacuum IS NOT NULL`))[0].n;
    expect(await vacuumed()).toBe(0);
    rollups.vacuumAfterLogs = 100;
    expect(await rollups.catchUp()).toBeGreaterThan(100);
    rollups.vacuumAfterLogs = 1_000_000;
    await expect.poll(vacuumed, { timeout: 5000 }).toBe(3);
    const done = await rollups.progress();
    expect(done.coveredAt).toBeGreaterThanOrEqual(now);
    expect(await rollups.catchUp()).toBe(0);
    for (const table of ['usage_rollups', 'usage_token_rollups', 'usage_channel_rollups']) {
      const [counts] = await t.db.query(`SELECT sum(request_count)::int AS requests, sum(quota)::int AS quota FROM ${table} WHERE grain = 'd'`);
      expect(counts, table).toEqual({ requests: logs.length, quota: logs.reduce((total, log) => total + log.quota, 0) });
    }
  });

  it('shows every detail row of the range by Shanghai day, with the totals of all of them', async () => {
    const start = now - 3 * DAY;
    const { rows, body } = await allRows('/api/statistics', { startTime: start, endTime: now });
    const inRange = logs.filter((log) => log.created_at >= shanghaiDay(start) && log.created_at <= now);
    expectDetail(rows, body, expectedStatistics(inRange, (log) => detailKey(shanghaiLabel(shanghaiDay(log.created_at)), log.instance, log.user_id, log.token_id, log.model_name, ratiosOfLog(log))));
    // Newest day first; every row names its user and token.
    const days = rows.map((row) => row.day_time as string);
    expect([...days].sort().reverse()).toEqual(days);
    expect(rows.every((row) => typeof row.username === 'string' && (row.username as string).startsWith('stats-'))).toBe(true);
  });

  it('shows the detail by the hour over days that start and end mid-day, with the totals of all its rows', async () => {
    // Whole days inside the range are summed from day rows, its part-days from hour rows: both
    // must give the figures of the logs, with and without a filter.
    const start = now - 3 * DAY - 5 * HOUR - 17;
    const hourLabel = (hour: number) => new Date((hour + SHANGHAI) * 1000).toISOString().slice(0, 13).replace('T', ' ') + ':00';
    for (const username of [undefined, people[1].username]) {
      const { rows, body } = await allRows('/api/statistics', { startTime: start, endTime: now, date_type: 'hour', ...(username ? { username } : {}) });
      const inRange = logs.filter((log) => log.created_at >= hourOf(start) && log.created_at <= now && (!username || log.username === username));
      expectDetail(rows, body, expectedStatistics(inRange, (log) => detailKey(hourLabel(hourOf(log.created_at)), log.instance, log.user_id, log.token_id, log.model_name, ratiosOfLog(log))));
    }
  });

  it('filters by username, instance, model, token and abnormal rows, and groups by user and by token', async () => {
    const start = now - 5 * DAY;
    const inRange = logs.filter((log) => log.created_at >= shanghaiDay(start));
    const alice = people[0];
    const filtered = inRange.filter((log) => log.username === alice.username && log.instance === 'gw-b' && log.model_name === 'gpt-4o' && log.token_name === alice.tokens[0].name);
    const { rows } = await allRows('/api/statistics', { startTime: start, endTime: now, username: alice.username, instance: 'gw-b', modelName: 'gpt-4o', tokenName: alice.tokens[0].name });
    expect(rows.reduce((total, row) => total + (row.quota as number), 0)).toBe(filtered.filter((log) => log.type === LOG_TYPE.CONSUME).reduce((total, log) => total + log.quota, 0));
    expect(rows.length).toBeGreaterThan(0);

    const abnormal = await allRows('/api/statistics', { startTime: start, endTime: now, abnormal: true });
    expect(abnormal.rows.length).toBeGreaterThan(0);
    expect(abnormal.rows.every((row) => row.abnormal === true && row.quota !== row.calculate_quota)).toBe(true);
    expect(abnormal.body.totalQuota - abnormal.body.totalCalculateQuota).toBe(7 * inRange.filter((log) => log.type === LOG_TYPE.CONSUME && log.quota !== calculated(log)).length);

    const byUser = await allRows('/api/statistics/groupByUserPage', { startTime: start, endTime: now });
    expect(new Map(byUser.rows.map((row) => [String(row.user_id), pick(row)]))).toEqual(expectedStatistics(inRange, (log) => String(log.user_id)));
    const byToken = await allRows('/api/statistics/groupByTokenPage', { startTime: start, endTime: now });
    expect(new Map(byToken.rows.map((row) => [`${row.user_id}|${row.token_id}`, pick(row)]))).toEqual(expectedStatistics(inRange, (log) => `${log.user_id}|${log.token_id}`));
    expect(byToken.rows.find((row) => row.token_id === alice.tokens[1].id)).toMatchObject({ token_name: alice.tokens[1].name, username: alice.username });

    const instances = await admin.agent.get('/api/statistics/instances');
    expect(instances.body.data).toEqual([{ name: 'gw-a' }, { name: 'gw-b' }]);
  });

  it('monitors upstream channels by the hour for user 1 only, and downstream tokens by the minute for their owner', async () => {
    const start = now - 2 * DAY;
    const upstream = await root.post('/api/monitor/self').send({ timeType: 2, monitorType: 1, startTime: start, endTime: now });
    expect(upstream.body.success, JSON.stringify(upstream.body)).toBe(true);
    const expected = new Map<string, { total: number; success: number; errors: number; useMs: number }>();
    for (const log of logs) {
      if (log.channel === 0 || log.created_at < hourOf(start) || log.created_at > now) continue;
      const key = `${hourOf(log.created_at)}|${log.channel}|${log.model_name}`;
      const figures = expected.get(key) ?? { total: 0, success: 0, errors: 0, useMs: 0 };
      figures.total += 1;
      if (log.type === LOG_TYPE.CONSUME) figures.success += 1;
      else figures.errors += 1;
      figures.useMs += log.use_time_ms;
      expected.set(key, figures);
    }
    const actual = new Map(
      (upstream.body.data.items as Array<Record<string, number>>).map((row) => [
        `${row.created_at}|${row.channel_id}|${row.model_name}`,
        { total: row.total_count, success: row.success_count, errors: row.error_count, rate: row.success_rate, avg: row.avg_response_time },
      ]),
    );
    expect(actual.size).toBe(expected.size);
    for (const [key, figures] of expected) {
      expect(actual.get(key), key).toEqual({ ...figures, useMs: undefined, rate: Math.round((figures.success / figures.total) * 10_000) / 10_000, avg: Math.round(figures.useMs / figures.total) } as never);
    }

    // Another administrator may not see upstream; a user may not see another user's tokens.
    expect((await admin.agent.post('/api/monitor/self').send({ timeType: 2, monitorType: 1, startTime: start, endTime: now })).status).toBe(403);
    const alice = people[0];
    const bob = people[1];
    expect((await alice.agent.post('/api/monitor/self').send({ timeType: 2, monitorType: 2, userId: bob.userId, startTime: start, endTime: now })).status).toBe(403);

    const since = now - DAY + 120;
    const own = await alice.agent.post('/api/monitor/self').send({ timeType: 1, monitorType: 2, startTime: since, endTime: now, tokenIds: [alice.tokens[0].id] });
    expect(own.body.success, JSON.stringify(own.body)).toBe(true);
    const mine = logs.filter((log) => log.user_id === alice.userId && log.token_id === alice.tokens[0].id && log.created_at >= since - (since % 60));
    expect((own.body.data.items as Array<Record<string, number>>).reduce((total, row) => total + row.total_count, 0)).toBe(mine.length);
    expect(new Set((own.body.data.items as Array<Record<string, number>>).map((row) => row.token_id))).toEqual(new Set([alice.tokens[0].id]));
    // The administrator sees the same through userId.
    const viaAdmin = await admin.agent.post('/api/monitor/self').send({ timeType: 1, monitorType: 2, userId: alice.userId, startTime: since, endTime: now, tokenIds: [alice.tokens[0].id] });
    expect(viaAdmin.body.data.items).toEqual(own.body.data.items);

    const models = await alice.agent.get('/api/monitor/models').query({ timeType: 2, start_time: start, end_time: now });
    expect(models.body.data.map((item: { name: string }) => item.name)).toEqual([...new Set(logs.filter((log) => log.user_id === alice.userId && log.created_at >= shanghaiDay(start)).map((log) => log.model_name))].sort());
    expect((await alice.agent.get('/api/monitor/channels').query({ timeType: 2, start_time: start, end_time: now })).status).toBe(403);
    const channels = await root.get('/api/monitor/channels').query({ timeType: 2, start_time: start, end_time: now });
    expect(channels.body.data).toEqual(CHANNELS);
  });

  it('refuses bad ranges and bad input with clear messages', async () => {
    const bad = async (agent: TestAgent, path: string, query: Record<string, unknown>) => (await agent.get(path).query(query)).body;
    expect(await bad(admin.agent, '/api/statistics', { startTime: now, endTime: now - 10 })).toMatchObject({ success: false, message: '开始时间不能晚于结束时间' });
    expect(await bad(admin.agent, '/api/statistics', { startTime: 0, endTime: now })).toMatchObject({ success: false, message: '时间范围不能超过 366 天' });
    expect(await bad(admin.agent, '/api/statistics', { startTime: 'yesterday', endTime: now })).toMatchObject({ success: false, message: '开始时间必须是以秒为单位的时间戳' });
    expect(await bad(admin.agent, '/api/statistics', { startTime: now - DAY, endTime: now, username: 'a\u0000b' })).toMatchObject({ success: false });
    expect(await bad(admin.agent, '/api/statistics', { startTime: now - DAY, endTime: now, abnormal: 'maybe' })).toMatchObject({ success: false, message: 'abnormal 只能是 true 或 false' });
    const minute = await root.post('/api/monitor/self').send({ timeType: 1, monitorType: 1, startTime: now - 10 * DAY, endTime: now });
    expect(minute.body).toMatchObject({ success: false, message: '按分钟统计只保留最近 3 天的数据，请缩短时间范围或改按小时查看' });
    const wrongType = await root.post('/api/monitor/self').send({ timeType: '2; DROP TABLE logs', monitorType: 1, startTime: now - DAY, endTime: now });
    expect(wrongType.body).toMatchObject({ success: false, message: 'timeType 只能是 1（分钟）、2（小时）或 3（天）' });
    const nested = await root.post('/api/monitor/self').send({ timeType: 2, monitorType: 1, startTime: now - DAY, endTime: now, channelIds: [{ $gt: 0 }] });
    expect(nested.body).toMatchObject({ success: false, message: 'channelIds 必须是整数数组' });
    // A regular user reaches none of the administrators' calls.
    for (const path of ['/api/statistics', '/api/statistics/groupByUserPage', '/api/statistics/instances', '/api/statistics/export', '/api/data/']) {
      expect((await people[0].agent.get(path).query({ startTime: now - DAY, endTime: now, start_timestamp: now - DAY, end_timestamp: now })).status, path).toBe(403);
    }
  });

  it('shows the dashboard: everyone or one user for administrators, oneself for users, by hour, day and week', async () => {
    const start = now - 4 * DAY;
    const everyone = await admin.agent.get('/api/data/').query({ start_timestamp: start, end_timestamp: now, time_granularity: 'day' });
    expect(everyone.body.success, JSON.stringify(everyone.body)).toBe(true);
    const inHours = logs.filter((log) => log.created_at >= hourOf(start));
    const consumed = inHours.filter((log) => log.type === LOG_TYPE.CONSUME);
    expect(everyone.body.data.cards).toMatchObject({
      balance: null,
      used_quota: consumed.reduce((total, log) => total + log.quota, 0),
      request_count: inHours.length,
      token_used: consumed.reduce((total, log) => total + log.prompt_tokens + log.completion_tokens, 0),
    });
    const inDays = logs.filter((log) => log.created_at >= shanghaiDay(start));
    const points = everyone.body.data.points as Array<Record<string, number | string>>;
    expect(points.reduce((total, point) => total + (point.count as number), 0)).toBe(inDays.length);
    expect(points.every((point) => typeof point.channel_name === 'string')).toBe(true);
    expect(new Set(points.map((point) => point.created_at))).toEqual(new Set(inDays.map((log) => shanghaiDay(log.created_at))));

    const weekly = await admin.agent.get('/api/data/').query({ start_timestamp: start, end_timestamp: now, time_granularity: 'week' });
    const weeks = weekly.body.data.points as Array<Record<string, number>>;
    expect(weeks.reduce((total, point) => total + point.quota, 0)).toBe(inDays.filter((log) => log.type === LOG_TYPE.CONSUME).reduce((total, log) => total + log.quota, 0));
    // Every week starts on a Monday, Shanghai time.
    expect(weeks.every((point) => new Date((point.created_at + SHANGHAI) * 1000).getUTCDay() === 1 && shanghaiDay(point.created_at) === point.created_at)).toBe(true);

    const alice = people[0];
    const own = await alice.agent.get('/api/data/self').query({ start_timestamp: start, end_timestamp: now, time_granularity: 'hour' });
    const aliceLogs = inHours.filter((log) => log.user_id === alice.userId);
    expect(own.body.data.cards.request_count).toBe(aliceLogs.length);
    expect(own.body.data.cards.balance).toBeGreaterThan(0);
    expect((own.body.data.points as Array<Record<string, unknown>>).some((point) => 'channel_name' in point)).toBe(false);
    const named = await admin.agent.get('/api/data/').query({ start_timestamp: start, end_timestamp: now, username: alice.username });
    expect(named.body.data.cards).toEqual(own.body.data.cards);
    expect((await admin.agent.get('/api/data/').query({ start_timestamp: start, end_timestamp: now, username: 'nobody-here' })).body).toMatchObject({ success: false, message: '用户不存在' });

    await root.put('/api/option/').send({ key: 'DataExportEnabled', value: 'false' });
    expect((await alice.agent.get('/api/data/self').query({ start_timestamp: start, end_timestamp: now })).body).toMatchObject({ success: false, message: '数据看板未启用' });
    await root.put('/api/option/').send({ key: 'DataExportEnabled', value: 'true' });
  });

  it('exports each view as an xlsx file with every row and the totals', async () => {
    const start = now - 3 * DAY;
    const reply = await admin.agent
      .get('/api/statistics/exportUser')
      .query({ startTime: start, endTime: now })
      .buffer(true)
      .parse(binaryBody);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toContain('spreadsheetml');
    expect(reply.headers['content-disposition']).toMatch(/^attachment; filename="?statistics-user-\d{8}-\d{8}\.xlsx"?$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(reply.body as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe('按用户');
    const header = sheet.getRow(1).values as unknown[];
    expect(header).toContain('实际扣费额度');
    const quotaColumn = header.indexOf('实际扣费额度');
    const inRange = logs.filter((log) => log.created_at >= shanghaiDay(start) && log.type === LOG_TYPE.CONSUME);
    const users = new Set(inRange.map((log) => log.user_id));
    expect(sheet.rowCount).toBe(1 + users.size + 1);
    const last = sheet.getRow(sheet.rowCount).values as unknown[];
    expect(last[1]).toBe('合计');
    expect(last[quotaColumn]).toBe(inRange.reduce((total, log) => total + log.quota, 0));
  });

  it('deletes old months as whole partitions and keeps their roll-ups', async () => {
    // Logs of three and four months ago, in partitions of their own.
    const monthStart = (monthsBack: number) => {
      const date = new Date(now * 1000);
      return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - monthsBack, 1) / 1000;
    };
    const old = generate(200, 99).map((log, i) => ({ ...log, created_at: monthStart(4) + 3600 + i * 60 }));
    const older = generate(100, 98).map((log, i) => ({ ...log, created_at: monthStart(3) + 7200 + i * 60 }));
    for (const month of [3, 4]) await t.db.query('SELECT gw_ensure_log_partition($1)', [monthStart(month)]);
    await write([...old, ...older]);
    const before = await allRows('/api/statistics/groupByUserPage', { startTime: monthStart(4), endTime: monthStart(2) });
    // Not rolled up yet: the deletion rolls them up before they go.
    expect(before.body.totalRequests).toBe(0);
    const deleted = await root.delete('/api/log/').query({ target_timestamp: monthStart(2) });
    expect(deleted.body).toMatchObject({ success: true, data: 300 });
    const [left] = await t.db.query('SELECT count(*)::int AS n FROM logs WHERE created_at < $1', [monthStart(2)]);
    expect(left.n).toBe(0);
    const partitions = (await t.db.query(`SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'logs'::regclass`)).map((row: { relname: string }) => row.relname);
    const name = (monthsBack: number) => `logs_${new Date(monthStart(monthsBack) * 1000).toISOString().slice(0, 7).replace('-', '')}`;
    expect(partitions).not.toContain(name(4));
    expect(partitions).not.toContain(name(3));
    expect(partitions).toContain(name(0));
    const after = await allRows('/api/statistics/groupByUserPage', { startTime: monthStart(4), endTime: monthStart(2) });
    expect(after.body.totalRequests).toBe([...old, ...older].filter((log) => log.type === LOG_TYPE.CONSUME).length);
    // Recent logs are untouched.
    const [recent] = await t.db.query('SELECT count(*)::int AS n FROM logs WHERE created_at >= $1', [monthStart(2)]);
    expect(recent.n).toBe(logs.length);
  });
});
