import { describe, expect, it } from 'vitest';
import { formatTimestamp } from '@/lib/time';
import { autoDisabledDetails, parseOtherInfo, statusView } from './channel-status';

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
