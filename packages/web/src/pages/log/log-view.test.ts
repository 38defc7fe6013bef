import { describe, expect, it } from 'vitest';
import { LOG_TYPES } from '@/api/logs';
import { affinityText, detailText, extraTokenTexts, firstTokenColor, formatFirstToken, hasTiming, logTypeTag, modelText, paidByText, retryPath, routeText, totalTimeColor } from './log-view';
import { makeLog } from './test-factories';

describe('latency badges (spec 2 §9)', () => {
  it.each([
    [0, 'green'],
    [100, 'green'],
    [100.9, 'green'],
    [101, 'orange'],
    [299, 'orange'],
    [300, 'red'],
    [1200, 'red'],
  ])('colours a use time of %s s %s', (seconds, color) => {
    expect(totalTimeColor(seconds)).toBe(color);
  });

  it.each([
    [0, 'green'],
    [2999, 'green'],
    [3000, 'orange'],
    [9999, 'orange'],
    [10000, 'red'],
  ])('colours a first-token time of %s ms %s', (milliseconds, color) => {
    expect(firstTokenColor(milliseconds)).toBe(color);
  });

  it('shows the first-token time in seconds', () => {
    expect(formatFirstToken(850)).toBe('0.9 s');
    expect(formatFirstToken(12_340)).toBe('12.3 s');
  });
});

describe(hasTiming.name, () => {
  it.each([
    [LOG_TYPES.CONSUME, true],
    [LOG_TYPES.ERROR, true],
    [LOG_TYPES.TOPUP, false],
    [LOG_TYPES.MANAGE, false],
    [LOG_TYPES.SYSTEM, false],
  ])('type %s has a time and a stream mode: %s (only relay requests do)', (type, expected) => {
    expect(hasTiming(makeLog({ type }))).toBe(expected);
  });
});

describe(retryPath.name, () => {
  const attempts = (...ids: number[]) => JSON.stringify(ids.map((channel_id) => ({ channel_id, channel_name: `c${channel_id}`, status: 200, duration: 10 })));

  it('joins the channels tried in order', () => {
    expect(retryPath(makeLog({ attempts_log: attempts(3, 5) }))).toBe('#3 → #5');
    expect(retryPath(makeLog({ attempts_log: attempts(3, 5, 1) }))).toBe('#3 → #5 → #1');
  });

  it('is empty when one channel served the request, or nothing is known', () => {
    expect(retryPath(makeLog({ attempts_log: attempts(3) }))).toBe('');
    expect(retryPath(makeLog({ attempts_log: '' }))).toBe('');
    expect(retryPath(makeLog({ attempts_log: 'not json', other: '' }))).toBe('');
  });

  it('falls back to admin_info.use_channel of rows without attempts_log', () => {
    expect(retryPath(makeLog({ other: JSON.stringify({ admin_info: { use_channel: [2, 8] } }) }))).toBe('#2 → #8');
  });
});

describe(detailText.name, () => {
  it('shows the ratios of a consumption', () => {
    expect(detailText(makeLog())).toBe('模型倍率 1.25，补全倍率 4，分组倍率 1.5');
  });

  it('names the long-context tier a consumption was billed at', () => {
    const other = { model_ratio: 0.625, completion_ratio: 8, group_ratio: 1, tier: { above_prompt_tokens: 200000, prompt_multiplier: 2, completion_multiplier: 1.5 } };
    expect(detailText(makeLog({ other: JSON.stringify(other) }))).toBe('模型倍率 0.625，补全倍率 8，分组倍率 1，长上下文（提示超过 200000 tokens）提示 ×2、补全 ×1.5');
  });

  it('shows the model price of a per-call consumption', () => {
    expect(detailText(makeLog({ other: JSON.stringify({ model_price: 0.04, model_ratio: 0, completion_ratio: 1, group_ratio: 1 }) }))).toBe('模型价格 $0.04，分组倍率 1');
  });

  it('shows the content of an error or any other row', () => {
    expect(detailText(makeLog({ type: 5, content: 'upstream rate limited', other: '{}' }))).toBe('upstream rate limited');
    expect(detailText(makeLog({ type: 1, content: '兑换码充值 $10.00', other: '' }))).toBe('兑换码充值 $10.00');
  });
});

describe(extraTokenTexts.name, () => {
  it('names the cache-read, cache-write, reasoning and audio tokens a request had, in that order', () => {
    const log = makeLog({ cache_read_input_tokens: 1200, cache_creation_input_tokens: 300, thoughts_tokens: 45, prompt_audio_tokens: 8 });
    expect(extraTokenTexts(log)).toEqual(['缓存读取 1200 tokens', '缓存写入 300 tokens', '推理 45 tokens', '音频输入 8 tokens']);
  });

  it('gives each kind the ratio it was billed at, and splits cache writes by lifetime when some were for an hour', () => {
    const other = {
      model_ratio: 1.5,
      completion_ratio: 5,
      group_ratio: 1,
      cache_ratio: 0.1,
      cache_creation_ratio: 1.25,
      cache_creation_ratio_1h: 2,
      audio_ratio: 8,
      audio_completion_ratio: 2,
      image_ratio: 2,
      cache_creation_tokens_1h: 150,
      completion_audio_tokens: 30,
      prompt_image_tokens: 64,
    };
    const log = makeLog({ other: JSON.stringify(other), cache_read_input_tokens: 1000, cache_creation_input_tokens: 200, thoughts_tokens: 20, prompt_audio_tokens: 200 });
    expect(extraTokenTexts(log)).toEqual([
      '缓存读取 1000 tokens（倍率 0.1）',
      '5 分钟缓存写入 50 tokens（倍率 1.25）',
      '1 小时缓存写入 150 tokens（倍率 2）',
      '推理 20 tokens',
      '音频输入 200 tokens（倍率 8）',
      '音频输出 30 tokens（倍率 8 × 2）',
      '图片输入 64 tokens（倍率 2）',
    ]);
  });

  it('prices reasoning at the completion ratio × the reasoning ratio and names generated image tokens with their ratio; older rows show no reasoning ratio', () => {
    const other = { model_ratio: 2.5, completion_ratio: 8, group_ratio: 1, reasoning_ratio: 1.5, image_ratio: 2, image_completion_ratio: 8, prompt_image_tokens: 323, completion_image_tokens: 4160 };
    const log = makeLog({ other: JSON.stringify(other), thoughts_tokens: 20 });
    expect(extraTokenTexts(log)).toEqual(['推理 20 tokens（倍率 8 × 1.5）', '图片输入 323 tokens（倍率 2）', '图片输出 4160 tokens（倍率 8）']);
    const older = makeLog({ other: JSON.stringify({ model_ratio: 1, completion_ratio: 4, group_ratio: 1 }), thoughts_tokens: 20 });
    expect(extraTokenTexts(older)).toEqual(['推理 20 tokens']);
  });

  it('leaves out the kinds that are zero or absent, and the ratios of a per-call price', () => {
    expect(extraTokenTexts(makeLog({ thoughts_tokens: 30, cache_read_input_tokens: 0 }))).toEqual(['推理 30 tokens']);
    expect(extraTokenTexts(makeLog())).toEqual([]);
    const perCall = makeLog({ other: JSON.stringify({ model_price: 0.04, cache_ratio: 0.1 }), cache_read_input_tokens: 10 });
    expect(extraTokenTexts(perCall)).toEqual(['缓存读取 10 tokens']);
  });
});

describe(modelText.name, () => {
  it('shows the requested model, and the upstream one when different', () => {
    expect(modelText(makeLog())).toBe('gpt-4o');
    expect(modelText(makeLog({ resp_model_name: 'gpt-4o-2024-08-06' }))).toBe('gpt-4o → gpt-4o-2024-08-06');
    expect(modelText(makeLog({ other: JSON.stringify({ upstream_model: 'deployment-4o' }), resp_model_name: 'x' }))).toBe('gpt-4o → deployment-4o');
    expect(modelText(makeLog({ resp_model_name: '' }))).toBe('gpt-4o');
  });
});

describe(logTypeTag.name, () => {
  it.each([
    [1, '充值'],
    [2, '消费'],
    [3, '管理'],
    [4, '系统'],
    [5, '错误'],
    [9, '未知'],
  ])('labels type %s %s', (type, label) => {
    expect(logTypeTag(type).label).toBe(label);
  });
});

describe(routeText.name, () => {
  const withRoute = (route: unknown[], affinity?: string) => makeLog({ other: JSON.stringify({ model_ratio: 1, route, affinity }) });

  it('says a first pick by weight with its tier and weight', () => {
    expect(routeText(withRoute([{ via: 'weight', ch: 3, tier: 0, n: 2, w: 1, of: 2 }]))).toBe('权重抽取 #3（优先级 0，2 选 1，权重 1/2）');
  });

  it('says an affinity hit with the key of a multi-key channel', () => {
    expect(routeText(withRoute([{ via: 'affinity', ch: 3, tier: 5, n: 2, key: 'sk-a…wxyz' }]))).toBe('亲和命中 #3 sk-a…wxyz（优先级 5，2 选 1）');
  });

  it('reads a retry, a cooldown skip, a limit skip and another key in order', () => {
    const route = [
      { via: 'cooldown-skip', chs: [1, 2] },
      { via: 'limit-skip', ch: 4, limit: 'rpm' },
      { via: 'weight', ch: 3, tier: 0, n: 2, w: 1, of: 2 },
      { via: 'retry', ch: 3, status: 429 },
      { via: 'probe', ch: 1, tier: 0, n: 2 },
      { via: 'retry', ch: 1, status: 0, key: 'sk-a…0001' },
      { via: 'key', ch: 1, key: 'sk-b…0002' },
    ];
    expect(routeText(withRoute(route))).toBe(
      '冷却跳过 #1、#2 → 限流跳过 #4（RPM） → 权重抽取 #3（优先级 0，2 选 1，权重 1/2） → 重试：#3 返回 429 → 冷却探测 #1（优先级 0，2 选 1） → 重试：#1 sk-a…0001 无响应 → 换用密钥 #1 sk-b…0002',
    );
  });

  it('is empty for rows without a route', () => {
    expect(routeText(makeLog())).toBe('');
    expect(routeText(makeLog({ other: 'not json' }))).toBe('');
    expect(routeText(makeLog({ other: JSON.stringify({ route: 'x' }) }))).toBe('');
  });
});

describe(affinityText.name, () => {
  it.each([
    ['hit', '会话命中绑定'],
    ['miss', '会话新建绑定'],
    ['moved', '会话绑定迁移'],
  ])('names the outcome %s', (affinity, text) => {
    expect(affinityText(makeLog({ other: JSON.stringify({ affinity }) }))).toBe(text);
  });

  it('is empty when the request named no session', () => {
    expect(affinityText(makeLog())).toBe('');
    expect(affinityText(makeLog({ other: JSON.stringify({ affinity: 'other' }) }))).toBe('');
  });
});

describe(paidByText.name, () => {
  it("names the pool of a subscriber's call, and nothing for everyone else", () => {
    expect(paidByText(makeLog({ other: JSON.stringify({ pool: 'plan', subscription_id: 3, period_start: 1 }) }))).toBe('套餐');
    expect(paidByText(makeLog({ other: JSON.stringify({ pool: 'plan', wallet_quota: 8 }) }))).toBe('套餐 + 钱包');
    expect(paidByText(makeLog({ other: JSON.stringify({ pool: 'wallet' }) }))).toBe('钱包');
    expect(paidByText(makeLog({ other: JSON.stringify({ model_ratio: 1 }) }))).toBe('');
    expect(paidByText(makeLog({ other: 'not json' }))).toBe('');
  });
});
