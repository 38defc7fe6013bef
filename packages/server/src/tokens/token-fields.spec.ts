import { describe, expect, it } from 'vitest';
import { firstInvalidIp, isIpOrCidr, limitsViolation, MSG_MODELS_REQUIRED, MSG_RATE_REQUIRED, normaliseAllowIps, normaliseModelLimits } from './token-fields';

describe(normaliseModelLimits.name, () => {
  it('trims names, drops empties and duplicates, keeps the order', () => {
    expect(normaliseModelLimits(' gpt-4o , ,claude-3,gpt-4o,, ')).toBe('gpt-4o,claude-3');
    expect(normaliseModelLimits(' , ')).toBe('');
  });
});

describe(normaliseAllowIps.name, () => {
  it('makes one trimmed entry per line whatever the line endings', () => {
    expect(normaliseAllowIps(' 1.2.3.4\r\n\r\n10.0.0.0/8\r::1\n1.2.3.4\n')).toBe('1.2.3.4\n10.0.0.0/8\n::1');
    expect(normaliseAllowIps('\n \r\n')).toBe('');
  });
});

describe(isIpOrCidr.name, () => {
  it.each(['1.2.3.4', '0.0.0.0/0', '10.0.0.0/8', '192.168.1.0/32', '::1', '2001:db8::/32', '2001:db8::/128'])('accepts %s', (entry) => {
    expect(isIpOrCidr(entry)).toBe(true);
  });

  it.each(['', 'localhost', '1.2.3', '256.1.1.1', '1.2.3.4/33', '1.2.3.4/', '1.2.3.4/-1', '1.2.3.4/8/8', '::1/129', '1.2.3.4/ 8', '10.0.0.0/0x8'])(
    'refuses %j',
    (entry) => {
      expect(isIpOrCidr(entry)).toBe(false);
    },
  );
});

describe(firstInvalidIp.name, () => {
  it('names the first entry that is no IP or range', () => {
    expect(firstInvalidIp('1.2.3.4\nexample.com\nnope')).toBe('example.com');
    expect(firstInvalidIp('1.2.3.4\n::1')).toBeUndefined();
    expect(firstInvalidIp('')).toBeUndefined();
  });
});

describe(limitsViolation.name, () => {
  const limits = { model_limits_enabled: false, model_limits: '', rate_limit_enabled: false, rate_per_minute: 0 };

  it('needs at least 1 request per minute when the rate limit is on', () => {
    expect(limitsViolation({ ...limits, rate_limit_enabled: true })).toBe(MSG_RATE_REQUIRED);
    expect(limitsViolation({ ...limits, rate_limit_enabled: true, rate_per_minute: 1 })).toBeUndefined();
  });

  it('needs at least one model when model limits are on', () => {
    expect(limitsViolation({ ...limits, model_limits_enabled: true })).toBe(MSG_MODELS_REQUIRED);
    expect(limitsViolation({ ...limits, model_limits_enabled: true, model_limits: 'gpt-4o' })).toBeUndefined();
  });

  it('lets anything pass when both are off', () => {
    expect(limitsViolation(limits)).toBeUndefined();
  });
});
