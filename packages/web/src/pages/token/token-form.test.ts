import { describe, expect, it } from 'vitest';
import type { Token } from '@/api/tokens';
import { QUOTA_PRESETS } from '@/components/quota-preset-input';
import {
  BATCH_SIZES,
  balanceWarning,
  defaultTokenForm,
  exceedsBalance,
  expiryAfter,
  parseDateTime,
  quotaCap,
  toPayload,
  tokenToForm,
  validateTokenForm,
  type TokenFormValues,
} from './token-form';

const form = (fields: Partial<TokenFormValues> = {}): TokenFormValues => ({ ...defaultTokenForm(), name: 'ci', ...fields });

const localSeconds = (...parts: [number, number, number, number, number, number]) =>
  new Date(parts[0], parts[1] - 1, parts[2], parts[3], parts[4], parts[5]).getTime() / 1000;

describe('defaultTokenForm', () => {
  it('starts with $1 of quota, one token, never expiring and no limits (spec 2 §9)', () => {
    expect(defaultTokenForm()).toEqual({
      name: '',
      group: '',
      neverExpires: true,
      expiredTime: '',
      unlimitedQuota: false,
      remainQuota: 500000,
      count: 1,
      modelLimitsEnabled: false,
      modelLimits: [],
      allowIps: '',
      rateLimitEnabled: false,
      ratePerMinute: undefined,
    });
  });

  it('offers quota presets from $1 to $1000 and batch sizes 10, 20, 30, 100', () => {
    expect(QUOTA_PRESETS).toEqual([500000, 5000000, 25000000, 50000000, 250000000, 500000000]);
    expect(BATCH_SIZES).toEqual([10, 20, 30, 100]);
  });
});

describe('validateTokenForm', () => {
  it('requires a name on create only', () => {
    expect(validateTokenForm(form({ name: '  ' }), 'create')).toBe('请输入令牌名称');
    expect(validateTokenForm(form({ name: '' }), 'edit')).toBeNull();
    expect(validateTokenForm(form(), 'create')).toBeNull();
  });

  it('refuses an expiry that is not a date-time, unless the token never expires', () => {
    const message = '过期时间格式错误，请输入正确的日期时间';
    expect(validateTokenForm(form({ neverExpires: false, expiredTime: '' }), 'create')).toBe(message);
    expect(validateTokenForm(form({ neverExpires: false, expiredTime: 'next week' }), 'edit')).toBe(message);
    expect(validateTokenForm(form({ neverExpires: false, expiredTime: '2030-02-30 10:00:00' }), 'create')).toBe(message);
    expect(validateTokenForm(form({ neverExpires: false, expiredTime: '2030-02-28 10:00:00' }), 'create')).toBeNull();
    expect(validateTokenForm(form({ neverExpires: true, expiredTime: 'next week' }), 'create')).toBeNull();
  });

  it('requires a whole non-negative quota unless unlimited', () => {
    expect(validateTokenForm(form({ remainQuota: undefined }), 'create')).toBe('额度必须是不小于 0 的整数');
    expect(validateTokenForm(form({ remainQuota: -1 }), 'create')).toBe('额度必须是不小于 0 的整数');
    expect(validateTokenForm(form({ remainQuota: 0 }), 'create')).toBeNull();
    expect(validateTokenForm(form({ remainQuota: undefined, unlimitedQuota: true }), 'create')).toBeNull();
  });

  it('requires a positive whole quantity of at most 100 on create', () => {
    expect(validateTokenForm(form({ count: 0 }), 'create')).toBe('令牌数量必须是正整数');
    expect(validateTokenForm(form({ count: 2.5 }), 'create')).toBe('令牌数量必须是正整数');
    expect(validateTokenForm(form({ count: undefined }), 'create')).toBe('令牌数量必须是正整数');
    expect(validateTokenForm(form({ count: 101 }), 'create')).toBe('一次最多创建 100 个令牌');
    expect(validateTokenForm(form({ count: 100 }), 'create')).toBeNull();
    expect(validateTokenForm(form({ count: undefined }), 'edit')).toBeNull();
  });

  it('requires a rate per minute when rate limiting is on', () => {
    expect(validateTokenForm(form({ rateLimitEnabled: true }), 'create')).toBe('请输入每分钟请求次数');
    expect(validateTokenForm(form({ rateLimitEnabled: true, ratePerMinute: 0 }), 'create')).toBe('每分钟请求次数必须是正整数');
    expect(validateTokenForm(form({ rateLimitEnabled: true, ratePerMinute: 60 }), 'create')).toBeNull();
    expect(validateTokenForm(form({ rateLimitEnabled: false, ratePerMinute: undefined }), 'create')).toBeNull();
  });
});

describe('parseDateTime', () => {
  it('reads local YYYY-MM-DD HH:mm:ss, with seconds or time optional', () => {
    expect(parseDateTime('2030-01-02 03:04:05')).toBe(localSeconds(2030, 1, 2, 3, 4, 5));
    expect(parseDateTime('2030-01-02 03:04')).toBe(localSeconds(2030, 1, 2, 3, 4, 0));
    expect(parseDateTime('2030-01-02')).toBe(localSeconds(2030, 1, 2, 0, 0, 0));
  });

  it('refuses text and impossible dates', () => {
    expect(parseDateTime('')).toBeNull();
    expect(parseDateTime('tomorrow')).toBeNull();
    expect(parseDateTime('2030-13-01 00:00:00')).toBeNull();
    expect(parseDateTime('2030-01-01 24:00:00')).toBeNull();
  });
});

describe('expiryAfter', () => {
  const now = new Date(2030, 0, 31, 12, 30, 15);

  it('counts one month, one day or one hour from now', () => {
    expect(expiryAfter('day', now)).toBe('2030-02-01 12:30:15');
    expect(expiryAfter('hour', now)).toBe('2030-01-31 13:30:15');
    expect(parseDateTime(expiryAfter('month', new Date(2030, 4, 10, 8, 0, 0)))).toBe(localSeconds(2030, 6, 10, 8, 0, 0));
  });
});

describe('quota cap', () => {
  it('shares the balance over the batch on create and applies it to one token on edit', () => {
    expect(quotaCap(1_000_000, form({ count: 3 }), 'create')).toBe(333_333);
    expect(quotaCap(1_000_000, form({ count: 3 }), 'edit')).toBe(1_000_000);
  });

  it('flags a limited quota the balance does not cover', () => {
    expect(exceedsBalance(form({ remainQuota: 500_000, count: 2 }), 999_999, 'create')).toBe(true);
    expect(exceedsBalance(form({ remainQuota: 500_000, count: 2 }), 1_000_000, 'create')).toBe(false);
    expect(exceedsBalance(form({ remainQuota: 500_000, count: 2 }), 500_000, 'edit')).toBe(false);
    expect(exceedsBalance(form({ remainQuota: 500_000 }), 0, 'create')).toBe(true);
    expect(exceedsBalance(form({ remainQuota: 500_000, unlimitedQuota: true }), 0, 'create')).toBe(false);
  });

  it('words the warning with the cap', () => {
    expect(balanceWarning('$0.67')).toBe('额度超出账户余额，每个令牌最多 $0.67');
  });
});

describe('toPayload', () => {
  it('sends -1 for a token that never expires and unix seconds otherwise', () => {
    expect(toPayload(form()).expired_time).toBe(-1);
    expect(toPayload(form({ neverExpires: false, expiredTime: '2030-01-02 03:04:05' })).expired_time).toBe(localSeconds(2030, 1, 2, 3, 4, 5));
  });

  it('never turns an invalid date into "never expires"', () => {
    expect(() => toPayload(form({ neverExpires: false, expiredTime: 'soon' }))).toThrow('过期时间格式错误');
  });

  it('joins the models with commas and keeps one IP per line', () => {
    const payload = toPayload(
      form({ modelLimitsEnabled: true, modelLimits: ['gpt-4o', 'claude-3-5-sonnet'], allowIps: ' 10.0.0.1 \n\n192.168.0.0/16\n' }),
    );
    expect(payload.model_limits).toBe('gpt-4o,claude-3-5-sonnet');
    expect(payload.model_limits_enabled).toBe(true);
    expect(payload.allow_ips).toBe('10.0.0.1\n192.168.0.0/16');
  });

  it('resets the rate to 0 when rate limiting is off', () => {
    expect(toPayload(form({ rateLimitEnabled: false, ratePerMinute: 30 }))).toMatchObject({ rate_limit_enabled: false, rate_per_minute: 0 });
    expect(toPayload(form({ rateLimitEnabled: true, ratePerMinute: 30 }))).toMatchObject({ rate_limit_enabled: true, rate_per_minute: 30 });
  });

  it('sends the whole token in API field names', () => {
    expect(toPayload(form({ name: ' ci ', group: 'vip', remainQuota: 5_000_000, unlimitedQuota: true }))).toEqual({
      name: 'ci',
      group: 'vip',
      expired_time: -1,
      unlimited_quota: true,
      remain_quota: 5_000_000,
      model_limits_enabled: false,
      model_limits: '',
      allow_ips: '',
      rate_limit_enabled: false,
      rate_per_minute: 0,
    });
  });
});

describe('tokenToForm', () => {
  const token: Token = {
    id: 3,
    key: 'sk-abc',
    name: 'prod',
    status: 1,
    used_quota: 0,
    created_time: 1_900_000_000,
    remain_quota: 250_000,
    unlimited_quota: false,
    expired_time: localSeconds(2030, 1, 2, 3, 4, 5),
    model_limits_enabled: true,
    model_limits: 'gpt-4o, o3',
    allow_ips: '10.0.0.1',
    group: 'vip',
    rate_limit_enabled: false,
    rate_per_minute: 0,
  };

  it('turns the API fields back into the drawer values and round-trips through toPayload', () => {
    const values = tokenToForm(token);
    expect(values).toMatchObject({ neverExpires: false, expiredTime: '2030-01-02 03:04:05', modelLimits: ['gpt-4o', 'o3'], ratePerMinute: undefined });
    expect(toPayload(values)).toMatchObject({ expired_time: token.expired_time, model_limits: 'gpt-4o,o3', remain_quota: 250_000, group: 'vip' });
    expect(tokenToForm({ ...token, expired_time: -1, model_limits: '' })).toMatchObject({ neverExpires: true, expiredTime: '', modelLimits: [] });
  });
});
