import { describe, expect, it } from 'vitest';
import { formatTimestamp } from '@/lib/time';
import { autoDisabledDetails, cooldownDetails, parseOtherInfo, statusView } from './channel-status';

describe('statusView', () => {
  it('labels the three channel statuses', () => {
    expect(statusView(1).label).toBe('已启用');
    expect(statusView(2).label).toBe('已禁用');
    expect(statusView(3).label).toBe('已自动禁用');
    expect(statusView(9).label).toBe('未知状态');
  });
});

describe('parseOtherInfo', () => {
  it('reads the JSON string or an object, and nothing from junk', () => {
    expect(parseOtherInfo('{"status_reason":"quota","status_time":1}')).toEqual({ status_reason: 'quota', status_time: 1 });
    expect(parseOtherInfo({ status_reason: 'x' })).toEqual({ status_reason: 'x' });
    expect(parseOtherInfo('not json')).toEqual({});
    expect(parseOtherInfo(null)).toEqual({});
  });
});

describe('autoDisabledDetails', () => {
  it('gives the reason and the formatted time, or 未知', () => {
    expect(autoDisabledDetails('{"status_reason":"401","status_time":1717171717}')).toEqual({ reason: '401', time: formatTimestamp(1717171717) });
    expect(autoDisabledDetails('')).toEqual({ reason: '未知', time: '未知' });
  });
});

describe('cooldownDetails', () => {
  it('gives the reason and the end of a cooldown still running, nothing otherwise', () => {
    expect(cooldownDetails({ cooldown_until: 2_000, cooldown_reason: 'HTTP 500: boom' }, 1_000)).toEqual({ reason: 'HTTP 500: boom', until: formatTimestamp(2_000) });
    expect(cooldownDetails({ cooldown_until: 2_000, cooldown_reason: '' }, 1_000)?.reason).toBe('未知');
    expect(cooldownDetails({ cooldown_until: 1_000, cooldown_reason: 'old' }, 1_000)).toBeUndefined();
    expect(cooldownDetails({ cooldown_until: 0 }, 1_000)).toBeUndefined();
    expect(cooldownDetails({}, 1_000)).toBeUndefined();
  });
});
