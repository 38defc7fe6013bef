import { afterEach, describe, expect, it, vi } from 'vitest';
import { OPTION_DEFINITIONS, type OptionKey } from '@gw/shared';
import {
  changedOptions,
  normalizeOptions,
  optionValuesFromRecords,
  planSave,
  saveOptions,
  validateOptions,
  type OptionUpdater,
  type OptionValues,
} from './option-form';

/** Every option at its default, with the given overrides. */
const valuesWith = (overrides: Partial<OptionValues> = {}): OptionValues => ({ ...optionValuesFromRecords([]), ...overrides });

describe('optionValuesFromRecords', () => {
  it('fills every key with its default and overwrites what the server listed', () => {
    const sut = optionValuesFromRecords([
      { key: 'SystemName', value: '网关' },
      { key: 'NotAnOption', value: 'x' },
    ]);
    expect(sut.SystemName).toBe('网关');
    expect(sut.RetryTimes).toBe(OPTION_DEFINITIONS.RetryTimes.default);
    expect(Object.keys(sut)).not.toContain('NotAnOption');
  });

  it('indents JSON options and leaves JSON that does not parse as it is', () => {
    const sut = optionValuesFromRecords([
      { key: 'ModelRatio', value: '{"gpt-4":15}' },
      { key: 'GroupRatio', value: '{broken' },
    ]);
    expect(sut.ModelRatio).toBe('{\n  "gpt-4": 15\n}');
    expect(sut.GroupRatio).toBe('{broken');
  });
});

describe('changedOptions', () => {
  const original = valuesWith({ SystemName: 'A', RetryTimes: '0' });

  it('lists only the options whose value changed', () => {
    expect(changedOptions(original, { SystemName: 'B', RetryTimes: '0' })).toEqual([{ key: 'SystemName', value: 'B' }]);
  });

  it('lists nothing when nothing changed', () => {
    expect(changedOptions(original, { SystemName: 'A', RetryTimes: '0' })).toEqual([]);
  });

  it('sends a secret option only when a value was typed', () => {
    expect(changedOptions(original, { SMTPToken: '' })).toEqual([]);
    expect(changedOptions(original, { SMTPToken: 's3cret' })).toEqual([{ key: 'SMTPToken', value: 's3cret' }]);
  });
});

describe('validateOptions', () => {
  const withServer = (overrides: Partial<OptionValues>) => valuesWith({ ServerAddress: 'https://gw.example.com', ...overrides });

  it('accepts the defaults', () => {
    const keys = Object.keys(OPTION_DEFINITIONS) as OptionKey[];
    expect(validateOptions(keys, withServer({}))).toBeNull();
  });

  it('asks for the server address before payment settings', () => {
    expect(validateOptions(['EpayId'], valuesWith({ ServerAddress: '', EpayId: '1' }))).toEqual({
      key: 'ServerAddress',
      message: '请先填写服务器地址',
    });
    expect(validateOptions(['ChatLink'], valuesWith({ ServerAddress: '' }))).toBeNull();
  });

  it('rejects a top-up group ratio that is not JSON', () => {
    expect(validateOptions(['TopupGroupRatio'], withServer({ TopupGroupRatio: '{"vip":' }))).toEqual({
      key: 'TopupGroupRatio',
      message: '充值分组倍率不是合法的 JSON 字符串',
    });
  });

  it.each([
    ['ModelPrice', '{"a": 1}'],
    ['ModelRatio', '{"a": 1}'],
    ['CompletionRatio', '{"a": 1}'],
    ['CacheRatio', '{"a": 0.1}'],
    ['CreateCacheRatio', '{"a": 1.25}'],
    ['CreateCache1hRatio', '{"a": 2}'],
    ['AudioRatio', '{"a": 16}'],
    ['AudioCompletionRatio', '{"a": 2}'],
    ['ImageRatio', '{"a": 2}'],
    ['ImageCompletionRatio', '{"a": 8}'],
    ['ReasoningRatio', '{"a": 1.5}'],
    ['ModelTieredPricing', '{"a": [{"above_prompt_tokens": 200000, "prompt_multiplier": 2, "completion_multiplier": 1.5}]}'],
    ['GroupRatio', '{"a": 1}'],
    ['UserUsableGroups', '{"a": "A 组"}'],
  ] as const)('rejects %s when it is not a JSON object, and takes %s', (key, valid) => {
    expect(validateOptions([key], valuesWith({ [key]: 'gpt-4: 15' }))).toEqual({ key, message: '不是合法的 JSON 字符串' });
    expect(validateOptions([key], valuesWith({ [key]: '[1, 2]' }))).toEqual({ key, message: '不是合法的 JSON 字符串' });
    expect(validateOptions([key], valuesWith({ [key]: valid }))).toBeNull();
  });

  it.each(['ModelRatio', 'CacheRatio', 'AudioCompletionRatio', 'ImageRatio', 'ImageCompletionRatio', 'ReasoningRatio'] as const)('refuses a negative or textual ratio in %s, as the server does', (key) => {
    expect(validateOptions([key], valuesWith({ [key]: '{"gpt-4o": -0.5}' }))).toEqual({ key, message: '不是合法的 JSON 字符串' });
    expect(validateOptions([key], valuesWith({ [key]: '{"gpt-4o": "0.5"}' }))).toEqual({ key, message: '不是合法的 JSON 字符串' });
  });

  it('says what is wrong with a long-context tier', () => {
    const tiers = (tier: object) => valuesWith({ ModelTieredPricing: JSON.stringify({ 'gemini-2.5-pro': [tier] }) });
    expect(validateOptions(['ModelTieredPricing'], tiers({ above_prompt_tokens: 200000, prompt_multiplier: -2, completion_multiplier: 1.5 }))).toEqual({
      key: 'ModelTieredPricing',
      message: '模型 gemini-2.5-pro 的长上下文分段价格的 prompt_multiplier 必须是不小于 0 的数字',
    });
    expect(validateOptions(['ModelTieredPricing'], tiers({ above_prompt_tokens: '200k', prompt_multiplier: 2, completion_multiplier: 1.5 }))?.message).toBe(
      '模型 gemini-2.5-pro 的长上下文分段价格的 above_prompt_tokens 必须是正整数',
    );
  });

  it('reports the first invalid ratio of a card', () => {
    const values = valuesWith({ ModelRatio: 'x', GroupRatio: 'y' });
    expect(validateOptions(['ModelPrice', 'ModelRatio', 'GroupRatio'], values)?.key).toBe('ModelRatio');
  });

  it('requires the chats to be a JSON array', () => {
    expect(validateOptions(['Chats'], valuesWith({ Chats: '[{"Next": "https://x"}]' }))).toBeNull();
    expect(validateOptions(['Chats'], valuesWith({ Chats: '{"Next": "https://x"}' }))).toEqual({ key: 'Chats', message: '不是合法的 JSON 字符串' });
    expect(validateOptions(['Chats'], valuesWith({ Chats: '' }))).toEqual({ key: 'Chats', message: '不是合法的 JSON 字符串' });
  });

  it.each([
    ['MonitorInterval', '0', '监控间隔（分钟）不能小于 1'],
    ['DataExportInterval', '0', '数据看板更新间隔（分钟）不能小于 1'],
    ['ChannelDisableThreshold', '-1', '最长响应时间（秒）不能小于 0'],
    ['QuotaRemindThreshold', '-1', '额度提醒阈值不能小于 0'],
    ['RespTimeTooLongThreshold', '-0.5', '响应时间过长阈值（秒）不能小于 0'],
    ['AvgRespTimeThreshold', '-1', '平均响应时间阈值（秒）不能小于 0'],
    ['QuotaForNewUser', '-1', '新用户初始额度不能小于 0'],
    ['PreConsumedQuota', '-1', '请求预扣费额度不能小于 0'],
    ['QuotaForInviter', '-1', '邀请新用户奖励额度不能小于 0'],
    ['QuotaForInvitee', '-1', '新用户使用邀请码奖励额度不能小于 0'],
    ['Price', '-0.1', '充值价格（x 元/美金）不能小于 0'],
    ['MinTopUp', '0', '最低充值美元数量不能小于 1'],
  ] as const)('enforces the minimum of %s', (key, value, message) => {
    expect(validateOptions([key], valuesWith({ ServerAddress: 'https://gw.example.com', [key]: value }))).toEqual({ key, message });
  });

  it('accepts numbers at their minimum', () => {
    const values = valuesWith({ MonitorInterval: '1', MinTopUp: '1', Price: '0', QuotaForNewUser: '0' });
    expect(validateOptions(['MonitorInterval', 'QuotaForNewUser'], values)).toBeNull();
  });

  it('rejects text and fractions where a whole number is expected', () => {
    expect(validateOptions(['SMTPPort'], valuesWith({ SMTPPort: 'abc' }))).toEqual({ key: 'SMTPPort', message: 'SMTP 端口必须是数字' });
    expect(validateOptions(['RetryTimes'], valuesWith({ RetryTimes: '' }))).toEqual({ key: 'RetryTimes', message: '失败重试次数必须是数字' });
    expect(validateOptions(['RetryTimes'], valuesWith({ RetryTimes: '1.5' }))).toEqual({ key: 'RetryTimes', message: '失败重试次数必须是整数' });
    expect(validateOptions(['QuotaPerUnit'], valuesWith({ QuotaPerUnit: '0.5' }))).toBeNull();
  });

  it('accepts only hour, day or week as the dashboard granularity', () => {
    expect(validateOptions(['DataExportDefaultTime'], valuesWith({ DataExportDefaultTime: 'month' }))).toEqual({
      key: 'DataExportDefaultTime',
      message: '数据看板默认时间粒度只能是 hour、day、week',
    });
    expect(validateOptions(['DataExportDefaultTime'], valuesWith({ DataExportDefaultTime: 'week' }))).toBeNull();
  });
});

describe('normalizeOptions', () => {
  it('strips trailing slashes from the server, worker, payment and WeChat server addresses', () => {
    const sut = normalizeOptions(
      valuesWith({
        ServerAddress: 'https://gw.example.com///',
        WorkerUrl: 'https://worker.example.com/',
        PayAddress: 'https://pay.example.com/',
        CustomCallbackAddress: 'https://cb.example.com/',
        WeChatServerAddress: 'https://wx.example.com/',
        TopUpLink: 'https://shop.example.com/',
      }),
    );
    expect(sut.ServerAddress).toBe('https://gw.example.com');
    expect(sut.WorkerUrl).toBe('https://worker.example.com');
    expect(sut.PayAddress).toBe('https://pay.example.com');
    expect(sut.CustomCallbackAddress).toBe('https://cb.example.com');
    expect(sut.WeChatServerAddress).toBe('https://wx.example.com');
    expect(sut.TopUpLink).toBe('https://shop.example.com/');
  });

  it('forces SMTP SSL on for port 465 only', () => {
    expect(normalizeOptions(valuesWith({ SMTPPort: '465', SMTPSSLEnabled: 'false' })).SMTPSSLEnabled).toBe('true');
    expect(normalizeOptions(valuesWith({ SMTPPort: '587', SMTPSSLEnabled: 'false' })).SMTPSSLEnabled).toBe('false');
  });
});

describe('planSave', () => {
  it('sends the stripped address', () => {
    const original = valuesWith({ ServerAddress: 'https://gw.example.com' });
    const sut = planSave(['ServerAddress'], original, { ...original, ServerAddress: 'https://new.example.com/' });
    expect(sut).toMatchObject({ problem: null, changes: [{ key: 'ServerAddress', value: 'https://new.example.com' }] });
  });

  it('treats an address that only gained a trailing slash as unchanged', () => {
    const original = valuesWith({ ServerAddress: 'https://gw.example.com' });
    const sut = planSave(['ServerAddress'], original, { ...original, ServerAddress: 'https://gw.example.com/' });
    expect(sut).toMatchObject({ problem: null, changes: [] });
  });

  it('saves SSL on with port 465', () => {
    const original = valuesWith({ SMTPPort: '587', SMTPSSLEnabled: 'false' });
    const sut = planSave(['SMTPPort', 'SMTPSSLEnabled'], original, { ...original, SMTPPort: '465' });
    expect(sut).toMatchObject({
      changes: [
        { key: 'SMTPPort', value: '465' },
        { key: 'SMTPSSLEnabled', value: 'true' },
      ],
    });
  });

  it('returns the problem and no changes when the input is invalid', () => {
    const original = valuesWith();
    const sut = planSave(['GroupRatio'], original, { ...original, GroupRatio: 'nope' });
    expect(sut).toEqual({ problem: { key: 'GroupRatio', message: '不是合法的 JSON 字符串' } });
  });
});

describe('saveOptions', () => {
  const changes = [
    { key: 'SystemName' as const, value: 'A' },
    { key: 'Logo' as const, value: 'B' },
  ];

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('warns and sends nothing when nothing changed', async () => {
    const update = vi.fn<OptionUpdater>();
    await expect(saveOptions([], update)).resolves.toEqual({ level: 'warning', message: '你似乎并没有修改什么', saved: [] });
    expect(update).not.toHaveBeenCalled();
  });

  it('says 保存成功 when every change was saved', async () => {
    const update = vi.fn<OptionUpdater>().mockResolvedValue(true);
    await expect(saveOptions(changes, update)).resolves.toEqual({ level: 'success', message: '保存成功', saved: changes });
    expect(update.mock.calls).toEqual([
      ['SystemName', 'A'],
      ['Logo', 'B'],
    ]);
  });

  it('says 部分保存失败，请重试 when some failed', async () => {
    const update = vi.fn<OptionUpdater>(async (key) => key === 'SystemName');
    await expect(saveOptions(changes, update)).resolves.toEqual({ level: 'error', message: '部分保存失败，请重试', saved: [changes[0]] });
  });

  it('says 保存失败，请重试 when all failed', async () => {
    const update = vi.fn<OptionUpdater>().mockResolvedValue(false);
    await expect(saveOptions(changes, update)).resolves.toEqual({ level: 'error', message: '保存失败，请重试', saved: [] });
  });

  it('sends one PUT /api/option/ {key, value} per change, counting refusals and HTTP errors as failures', async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      const { key } = JSON.parse(String(init?.body)) as { key: string };
      if (key === 'Logo') return new Response('boom', { status: 500 });
      return new Response(JSON.stringify({ success: key === 'SystemName', message: '', data: null }));
    });
    vi.stubGlobal('fetch', fetchMock);
    const sut = await saveOptions([...changes, { key: 'Footer', value: 'C' }]);
    expect(sut).toEqual({ level: 'error', message: '部分保存失败，请重试', saved: [changes[0]] });
    expect(fetchMock.mock.calls.map(([url, init]) => [url, init?.method, init?.body])).toEqual([
      ['/api/option/', 'PUT', '{"key":"SystemName","value":"A"}'],
      ['/api/option/', 'PUT', '{"key":"Logo","value":"B"}'],
      ['/api/option/', 'PUT', '{"key":"Footer","value":"C"}'],
    ]);
  });
});
