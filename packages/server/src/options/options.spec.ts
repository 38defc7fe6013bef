import { OPTION_DEFINITIONS, OPTION_KEYS, OptionKey } from '@gw/shared';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, SecondInstance, startSecondInstance, startTestApp, TestApp } from '../../test/test-app';
import { OptionsService } from './options.service';

const SECRET_KEYS = OPTION_KEYS.filter((key) => OPTION_DEFINITIONS[key].secret);

describe('options (integration)', () => {
  let t: TestApp;
  let root: TestAgent;

  beforeAll(async () => {
    // As installed: without the options the other tests start with (TEST_OPTIONS).
    t = await startTestApp({}, { productDefaults: true });
    root = (await t.login('root', ROOT_PASSWORD)).agent;
  });
  afterAll(async () => {
    await t.close();
  });

  const storedRows = async (): Promise<Array<{ key: string; value: string }>> =>
    t.db.query('SELECT key, value FROM options ORDER BY key');

  const storedValue = async (key: string): Promise<string | undefined> => {
    const rows: Array<{ value: string }> = await t.db.query('SELECT value FROM options WHERE key = $1', [key]);
    return rows[0]?.value;
  };

  const listed = async (): Promise<Record<string, string>> => {
    const reply = await root.get('/api/option/');
    expect(reply.body.success).toBe(true);
    return Object.fromEntries((reply.body.data as Array<{ key: string; value: string }>).map(({ key, value }) => [key, value]));
  };

  const put = (key: string, value: unknown) => root.put('/api/option/').send({ key, value });

  const expectSaved = async (key: string, value: unknown, stored = String(value)) => {
    const reply = await put(key, value);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ success: true });
    expect(await storedValue(key)).toBe(stored);
  };

  /** A rejected value answers success=false with the spec's message and leaves every row as it was. */
  const expectRejected = async (key: string, value: unknown, message: string) => {
    const before = await storedRows();
    const listedBefore = await listed();
    const reply = await put(key, value);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: false, message, data: null });
    expect(await storedRows()).toEqual(before);
    expect(await listed()).toEqual(listedBefore);
  };

  it('lists every option key of spec 1 §3 with its default on a fresh installation', async () => {
    const values = await listed();
    expect(Object.keys(values).sort()).toEqual([...OPTION_KEYS].sort());
    for (const key of OPTION_KEYS) expect(values[key], key).toBe(OPTION_DEFINITIONS[key].default);
    expect(values.Price).toBe('7.3');
    expect(values.MinTopUp).toBe('1');
    expect(values.Chats).toBe('[]');
    expect(values.DataExportDefaultTime).toBe('hour');
  });

  describe('access', () => {
    it('answers 401 without a session', async () => {
      for (const reply of [await t.http().get('/api/option/'), await t.http().put('/api/option/').send({ key: 'Notice', value: 'x' })]) {
        expect(reply.status).toBe(401);
        expect(reply.body.success).toBe(false);
      }
      expect(await storedValue('Notice')).toBeUndefined();
    });

    it('answers 403 to a normal user, for reading and for saving', async () => {
      const { agent } = await t.signUp('opt-user');
      const list = await agent.get('/api/option/');
      expect(list.status).toBe(403);
      expect(list.body).toMatchObject({ success: false, data: null });
      const save = await agent.put('/api/option/').send({ key: 'Notice', value: 'hijacked' });
      expect(save.status).toBe(403);
      expect(await storedValue('Notice')).toBeUndefined();
    });

    it('lets an administrator with role 10 read what root reads, every secret empty, and refuses its saves', async () => {
      await expectSaved('ServerAddress', 'https://gw.example.com');
      await expectSaved('Notice', 'root notice');
      for (const key of SECRET_KEYS) expect((await put(key, `plain-${key}-for-admins`)).body, key).toMatchObject({ success: true });
      const admin = await t.signUp('opt-admin');
      await t.db.query('UPDATE users SET role = 10 WHERE id = $1', [admin.userId]);

      const reply = await admin.agent.get('/api/option/');
      expect(reply.status).toBe(200);
      const values = Object.fromEntries((reply.body.data as Array<{ key: string; value: string }>).map(({ key, value }) => [key, value]));
      expect(values).toEqual(await listed());
      expect(values.Notice).toBe('root notice');
      expect(values.ServerAddress).toBe('https://gw.example.com');
      for (const key of SECRET_KEYS) expect(values[key], key).toBe('');
      expect(JSON.stringify(reply.body)).not.toContain('-for-admins');

      const before = await storedRows();
      for (const [key, value] of [['Notice', 'hijacked'], ['SMTPToken', 'admin-smtp'], ['RegisterEnabled', 'false']]) {
        const save = await admin.agent.put('/api/option/').send({ key, value });
        expect(save.status, key).toBe(403);
        expect(save.body).toMatchObject({ success: false, data: null });
      }
      expect(await storedRows()).toEqual(before);
    });

    it('lets root and any other super administrator (role 100) read and save', async () => {
      expect((await root.get('/api/option/')).status).toBe(200);
      const other = await t.signUp('opt-super');
      await t.db.query('UPDATE users SET role = 100 WHERE id = $1', [other.userId]);
      const reply = await other.agent.put('/api/option/').send({ key: 'Notice', value: 'from a super admin' });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ success: true, message: '', data: null });
      expect(await storedValue('Notice')).toBe('from a super admin');
    });
  });

  describe('validation (spec 1 §5)', () => {
    it('accepts booleans only as true or false', async () => {
      await expectRejected('RegisterEnabled', 'yes', '配置项 RegisterEnabled 只能是 true 或 false');
      await expectRejected('DrawingEnabled', '1', '配置项 DrawingEnabled 只能是 true 或 false');
      await expectSaved('DrawingEnabled', 'true');
      // A JSON boolean is stored in its string form.
      await expectSaved('DrawingEnabled', false, 'false');
      expect((await listed()).DrawingEnabled).toBe('false');
    });

    it.each([
      'ModelPrice',
      'ModelRatio',
      'CompletionRatio',
      'CacheRatio',
      'CreateCacheRatio',
      'CreateCache1hRatio',
      'AudioRatio',
      'AudioCompletionRatio',
      'ImageRatio',
      'ImageCompletionRatio',
      'ReasoningRatio',
      'ModelTieredPricing',
      'GroupRatio',
      'UserUsableGroups',
    ])('rejects %s that is not valid JSON', async (key) => {
      await expectRejected(key, '{"gpt-4": 15', '不是合法的 JSON 字符串');
      await expectRejected(key, '[1, 2]', '不是合法的 JSON 字符串');
    });

    it('saves valid ratio JSON as sent', async () => {
      await expectSaved('ModelRatio', '{"gpt-4o":2.5,"gpt-4o-mini":0.075}');
      await expectSaved('UserUsableGroups', '{"default":"默认分组","vip":"vip分组","svip":"svip分组"}');
      expect((await listed()).ModelRatio).toBe('{"gpt-4o":2.5,"gpt-4o-mini":0.075}');
    });

    it('rejects ratios that are not non-negative numbers', async () => {
      await expectRejected('GroupRatio', '{"default":"one"}', '不是合法的 JSON 字符串');
      await expectRejected('ModelRatio', '{"gpt-4":-1}', '不是合法的 JSON 字符串');
    });

    it.each(['CacheRatio', 'CreateCacheRatio', 'CreateCache1hRatio', 'AudioRatio', 'AudioCompletionRatio', 'ImageRatio', 'ImageCompletionRatio', 'ReasoningRatio'])('takes %s per model as non-negative numbers', async (key) => {
      await expectRejected(key, '{"gpt-4o":-0.5}', '不是合法的 JSON 字符串');
      await expectRejected(key, '{"gpt-4o":"0.5"}', '不是合法的 JSON 字符串');
      await expectSaved(key, '{"gpt-4o":0.5,"claude-x":0}');
    });

    it('takes ModelTieredPricing as lists of tiers, each with a whole threshold and non-negative multipliers', async () => {
      const key = 'ModelTieredPricing';
      const tier = { above_prompt_tokens: 200000, prompt_multiplier: 2, completion_multiplier: 1.5 };
      await expectRejected(key, JSON.stringify({ 'gemini-2.5-pro': tier }), '模型 gemini-2.5-pro 的长上下文分段价格必须是数组');
      await expectRejected(key, JSON.stringify({ 'gemini-2.5-pro': [{ ...tier, above_prompt_tokens: 0 }] }), '模型 gemini-2.5-pro 的长上下文分段价格的 above_prompt_tokens 必须是正整数');
      await expectRejected(key, JSON.stringify({ 'gemini-2.5-pro': [{ ...tier, above_prompt_tokens: 1.5 }] }), '模型 gemini-2.5-pro 的长上下文分段价格的 above_prompt_tokens 必须是正整数');
      await expectRejected(key, JSON.stringify({ 'gemini-2.5-pro': [{ ...tier, prompt_multiplier: -2 }] }), '模型 gemini-2.5-pro 的长上下文分段价格的 prompt_multiplier 必须是不小于 0 的数字');
      await expectRejected(key, JSON.stringify({ 'gemini-2.5-pro': [{ above_prompt_tokens: 200000, prompt_multiplier: 2 }] }), '模型 gemini-2.5-pro 的长上下文分段价格的 completion_multiplier 必须是不小于 0 的数字');
      await expectRejected(key, JSON.stringify({ 'gemini-2.5-pro': [{ ...tier, model_ratio: 2.5 }] }), '模型 gemini-2.5-pro 的长上下文分段价格含有未知字段 model_ratio（只能是 above_prompt_tokens、prompt_multiplier、completion_multiplier）');
      await expectRejected(key, JSON.stringify({ 'gemini-2.5-pro': [tier, tier] }), '模型 gemini-2.5-pro 的长上下文分段价格有两段的 above_prompt_tokens 都是 200000');
      await expectSaved(key, JSON.stringify({ 'gemini-2.5-pro': [tier, { above_prompt_tokens: 500000, prompt_multiplier: 3, completion_multiplier: 2 }], 'plain-model': [] }));
    });

    it('rejects a TopupGroupRatio that is not valid JSON with its own message', async () => {
      await expectRejected('TopupGroupRatio', 'default=1', '充值分组倍率不是合法的 JSON 字符串');
      await expectSaved('TopupGroupRatio', '{"default":1,"vip":0.9}');
    });

    it('requires the chat entries to be a JSON array', async () => {
      await expectRejected('Chats', '[{"name":"x"', '不是合法的 JSON 字符串');
      await expectRejected('Chats', '{"name":"x"}', '不是合法的 JSON 字符串');
      await expectSaved('Chats', '[{"ChatGPT Next Web":"https://chat.example.com/#/?settings={\\"key\\":\\"{key}\\"}"}]');
    });

    it("rejects JSON nested past the API's limit, which would break the status every visitor reads", async () => {
      await expectRejected('Chats', `[${'['.repeat(100_000)}${']'.repeat(100_000)}]`, '配置项 Chats 的 JSON 嵌套超过 128 层');
      expect((await t.http().get('/api/status')).body).toMatchObject({ success: true });
    });

    it.each([
      ['QuotaForNewUser', '-1', 0],
      ['PreConsumedQuota', '-5', 0],
      ['QuotaForInviter', '-1', 0],
      ['QuotaForInvitee', '-1', 0],
      ['RetryTimes', '-1', 0],
      ['Price', '-0.5', 0],
      ['ChannelDisableThreshold', '-1', 0],
      ['QuotaRemindThreshold', '-1', 0],
      ['RespTimeTooLongThreshold', '-1', 0],
      ['AvgRespTimeThreshold', '-0.1', 0],
      ['MinTopUp', '0', 1],
      ['MonitorInterval', '0', 1],
      ['DataExportInterval', '0', 1],
    ])('rejects %s = %s below its minimum %i', async (key, value, min) => {
      await expectRejected(key, value, `配置项 ${key} 不能小于 ${min}`);
    });

    it('accepts numbers at their minimum and rejects text in number options', async () => {
      await expectSaved('MinTopUp', '1');
      await expectSaved('MonitorInterval', '1');
      await expectSaved('QuotaForNewUser', 0, '0');
      await expectSaved('Price', '7.5');
      await expectRejected('QuotaForNewUser', 'lots', '配置项 QuotaForNewUser 必须是整数');
      await expectRejected('MinTopUp', '1.5', '配置项 MinTopUp 必须是整数');
      await expectRejected('Price', 'cheap', '配置项 Price 必须是数字');
    });

    it('rejects whole numbers too large to store, so that a typo cannot break registration', async () => {
      await expectRejected('QuotaForNewUser', '99999999999999999999', '配置项 QuotaForNewUser 的数值过大');
      await expectRejected('SMTPPort', '70000', '配置项 SMTPPort 不能大于 65535');
      const reply = await t.http().post('/api/user/register').send({ username: 'after-typo', password: 'password-123', password2: 'password-123', aff_code: await t.inviteCode() });
      expect(reply.body).toMatchObject({ success: true });
    });

    it('strips trailing slashes from the server, worker, payment and WeChat server addresses', async () => {
      await expectSaved('ServerAddress', 'https://gw.example.com///', 'https://gw.example.com');
      await expectSaved('WorkerUrl', 'https://worker.example.com/', 'https://worker.example.com');
      await expectSaved('PayAddress', 'https://pay.example.com/epay/', 'https://pay.example.com/epay');
      await expectSaved('WeChatServerAddress', 'http://wechat.example.com:3000//', 'http://wechat.example.com:3000');
      const values = await listed();
      expect(values.ServerAddress).toBe('https://gw.example.com');
      expect(values.PayAddress).toBe('https://pay.example.com/epay');
      const status = await t.http().get('/api/status');
      expect(status.body.data.server_address).toBe('https://gw.example.com');
    });

    it('asks for the server address before the payment settings', async () => {
      await expectSaved('ServerAddress', '');
      await expectRejected('EpayId', '10001', '请先填写服务器地址');
      await expectRejected('EpayKey', 'epay-secret', '请先填写服务器地址');
      await expectSaved('ServerAddress', 'https://gw.example.com');
      await expectSaved('EpayId', '10001');
    });

    it('rejects an unknown key and stores nothing for it', async () => {
      await expectRejected('NoSuchOption', 'x', '未知的配置项：NoSuchOption');
      await expectRejected('__proto__', 'x', '未知的配置项：__proto__');
      expect(await storedValue('NoSuchOption')).toBeUndefined();
    });

    it('accepts only hour, day or week as the default dashboard granularity', async () => {
      await expectRejected('DataExportDefaultTime', 'month', '配置项 DataExportDefaultTime 只能是 hour、day、week');
      await expectSaved('DataExportDefaultTime', 'week');
      const status = await t.http().get('/api/status');
      expect(status.body.data.data_export_default_time).toBe('week');
    });

    it('forces SSL on when the SMTP port is 465', async () => {
      await expectSaved('SMTPSSLEnabled', 'false');
      await expectSaved('SMTPPort', '587');
      expect(await storedValue('SMTPSSLEnabled')).toBe('false');
      await expectSaved('SMTPPort', '465');
      expect(await storedValue('SMTPSSLEnabled')).toBe('true');
      expect((await listed()).SMTPSSLEnabled).toBe('true');
      // SSL stays on while the port is 465, and can be turned off again on another port.
      await expectRejected('SMTPSSLEnabled', 'false', 'SMTP 端口为 465 时必须启用 SSL');
      await expectSaved('SMTPPort', '587');
      await expectSaved('SMTPSSLEnabled', 'false');
    });

    it('rejects a missing key or value and values that are neither text, number nor boolean', async () => {
      await expectRejected('Notice', null, '配置项的值不能为空');
      await expectRejected('Notice', { html: '<b>hi</b>' }, '配置项的值必须是字符串');
      await expectRejected('Notice', ['a'], '配置项的值必须是字符串');
      const reply = await root.put('/api/option/').send({ value: 'x' });
      expect(reply.body).toEqual({ success: false, message: '配置项名称必须是字符串', data: null });
    });
  });

  describe('secrets', () => {
    it.each(SECRET_KEYS)('stores %s encrypted, never lists it, and still uses the clear value', async (key) => {
      await expectSaved('ServerAddress', 'https://gw.example.com');
      const plain = `plain-${key}-value-1234`;
      const reply = await put(key, plain);
      expect(reply.body).toMatchObject({ success: true });
      const stored = await storedValue(key);
      expect(stored?.startsWith('enc:v1:')).toBe(true);
      expect(stored).not.toContain(plain);
      expect((await listed())[key]).toBe('');
      expect(t.app.get(OptionsService).get(key as OptionKey)).toBe(plain);
      // The Turnstile site key is the one secret the status object publishes (the widget needs it).
      if (key === 'TurnstileSiteKey') return;
      const status = await t.http().get('/api/status');
      expect(JSON.stringify(status.body)).not.toContain(plain);
    });

    it('covers the secrets DESIGN.md §8 names', () => {
      expect(SECRET_KEYS).toEqual(
        expect.arrayContaining(['GitHubClientSecret', 'LinuxDOClientSecret', 'SMTPToken', 'EpayKey', 'TurnstileSecretKey', 'TelegramBotToken', 'WeChatServerToken', 'WorkerValidKey']),
      );
    });

    it('treats every key ending in Secret, Key or Token as a secret', () => {
      const named = OPTION_KEYS.filter((key) => /(Secret|Key|Token)$/.test(key));
      expect(named.filter((key) => !OPTION_DEFINITIONS[key].secret)).toEqual([]);
    });

    it('publishes the Turnstile site key in the status object only', async () => {
      expect((await put('TurnstileSiteKey', '0x4AAAAAAA-site-key')).body.success).toBe(true);
      expect((await listed()).TurnstileSiteKey).toBe('');
      const status = await t.http().get('/api/status');
      expect(status.body.data.turnstile_site_key).toBe('0x4AAAAAAA-site-key');
    });
  });

  describe('several instances (DESIGN.md §7)', () => {
    let b: SecondInstance;
    beforeAll(async () => {
      b = await startSecondInstance(t);
    });
    afterAll(async () => {
      await b.close();
    });

    const waitFor = async (check: () => Promise<boolean>, timeoutMs = 2000): Promise<boolean> => {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (await check()) return true;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return check();
    };

    it('shows a change saved on one instance on the other at once', async () => {
      expect((await b.http().get('/api/status')).body.data.system_name).not.toBe('网关 B 测试');
      await expectSaved('SystemName', '网关 B 测试');
      const seen = await waitFor(async () => (await b.http().get('/api/status')).body.data.system_name === '网关 B 测试');
      expect(seen).toBe(true);

      await expectSaved('RegisterEnabled', 'false');
      expect(await waitFor(async () => (await b.http().get('/api/status')).body.data.register_enabled === false)).toBe(true);
      await expectSaved('RegisterEnabled', 'true');
      expect(await waitFor(async () => (await b.http().get('/api/status')).body.data.register_enabled === true)).toBe(true);
    });

    it('decrypts a secret saved on one instance on the other', async () => {
      await expectSaved('ServerAddress', 'https://gw.example.com');
      const reply = await put('SMTPToken', 'smtp-secret-from-a');
      expect(reply.body.success).toBe(true);
      const options = b.app.get(OptionsService);
      expect(await waitFor(async () => options.get('SMTPToken') === 'smtp-secret-from-a')).toBe(true);
    });

    it('keeps an instance that cannot decrypt a secret running, and still in step on the other options', async () => {
      const misconfigured = await startSecondInstance(t, { CRYPTO_SECRET: 'another-crypto-secret-of-32-chars!!' });
      try {
        await expectSaved('ServerAddress', 'https://gw.example.com');
        expect((await put('EpayKey', 'epay-secret-from-a')).body.success).toBe(true);
        await expectSaved('Notice', 'after the secret');
        const options = misconfigured.app.get(OptionsService);
        expect(await waitFor(async () => options.get('Notice') === 'after the secret')).toBe(true);
        expect(options.get('EpayKey')).toBe('');
        expect((await misconfigured.http().get('/api/status')).status).toBe(200);
      } finally {
        await misconfigured.close();
      }
    });

    it('lets a session opened on one instance save options on the other', async () => {
      const reply = await b.http().put('/api/option/').set('New-Api-User', '1').send({ key: 'Footer', value: 'x' });
      expect(reply.status).toBe(401);
      const cookie = (await t.http().post('/api/user/login').send({ username: 'root', password: ROOT_PASSWORD })).headers['set-cookie'];
      const saved = await b.http().put('/api/option/').set('Cookie', cookie).set('New-Api-User', '1').send({ key: 'Footer', value: '<p>footer</p>' });
      expect(saved.body).toMatchObject({ success: true });
      expect(await waitFor(async () => (await t.http().get('/api/status')).body.data.footer_html === '<p>footer</p>')).toBe(true);
    });
  });
});
