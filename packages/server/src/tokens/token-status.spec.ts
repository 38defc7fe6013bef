import { TOKEN_STATUS } from '@gw/shared';
import { describe, expect, it } from 'vitest';
import { effectiveStatus, TokenValidity } from './token-status';

const NOW = 1_800_000_000;
const token = (overrides: Partial<TokenValidity> = {}): TokenValidity => ({
  status: TOKEN_STATUS.ENABLED,
  expired_time: -1,
  remain_quota: 1000,
  unlimited_quota: false,
  ...overrides,
});

describe(effectiveStatus.name, () => {
  const sut = effectiveStatus;

  it('keeps an enabled token with quota and no expiry enabled', () => {
    expect(sut(token(), NOW)).toBe(TOKEN_STATUS.ENABLED);
    expect(sut(token({ expired_time: NOW + 1 }), NOW)).toBe(TOKEN_STATUS.ENABLED);
  });

  it('marks a token expired from its expiry time on', () => {
    expect(sut(token({ expired_time: NOW }), NOW)).toBe(TOKEN_STATUS.EXPIRED);
    expect(sut(token({ expired_time: NOW - 60 }), NOW)).toBe(TOKEN_STATUS.EXPIRED);
  });

  it('marks a limited token without quota exhausted, an unlimited one never', () => {
    expect(sut(token({ remain_quota: 0 }), NOW)).toBe(TOKEN_STATUS.EXHAUSTED);
    expect(sut(token({ remain_quota: -5 }), NOW)).toBe(TOKEN_STATUS.EXHAUSTED);
    expect(sut(token({ remain_quota: 0, unlimited_quota: true }), NOW)).toBe(TOKEN_STATUS.ENABLED);
  });

  it('reports expiry before exhaustion', () => {
    expect(sut(token({ expired_time: NOW - 1, remain_quota: 0 }), NOW)).toBe(TOKEN_STATUS.EXPIRED);
  });

  it('keeps a disabled token disabled, whatever its expiry or quota', () => {
    expect(sut(token({ status: TOKEN_STATUS.DISABLED, expired_time: NOW - 1, remain_quota: 0 }), NOW)).toBe(TOKEN_STATUS.DISABLED);
  });

  it('enables again a stored expired or exhausted token that is valid now', () => {
    expect(sut(token({ status: TOKEN_STATUS.EXPIRED, expired_time: NOW + 3600 }), NOW)).toBe(TOKEN_STATUS.ENABLED);
    expect(sut(token({ status: TOKEN_STATUS.EXHAUSTED, remain_quota: 10 }), NOW)).toBe(TOKEN_STATUS.ENABLED);
  });
});
