import { describe, expect, it } from 'vitest';
import { MONITOR_TIME_TYPES, MSG_MONITOR_MINUTE_RANGE, MSG_STATS_RANGE_INVALID, MSG_STATS_RANGE_TOO_LONG } from '@gw/shared';
import { DAY_MS, HOUR_MS } from '@/lib/time-range';
import { makeMonitorRow } from './test-page';
import { OTHERS, defaultFilters, monitorAccess, monitorQuery, monitorRangeError, monitorSeries } from './monitor-view';

const NOW = Date.UTC(2025, 5, 14, 7, 30, 12);
const params = (query: string) => new URLSearchParams(query);

describe(monitorAccess.name, () => {
  it('gives a regular user the downstream tab only, without another user’s id or name', () => {
    expect(monitorAccess({ id: 7, role: 1 }, params('userId=5&name=bob'))).toEqual({ tabs: ['downstream'], tab: 'downstream', redirect: false, userId: undefined, downstreamLabel: '下游监控' });
    expect(monitorAccess({ id: 7, role: 1 }, params('tab=upstream')).redirect).toBe(true);
  });

  it('gives administrators both tabs and the linked user; upstream only to user 1', () => {
    expect(monitorAccess({ id: 2, role: 10 }, params('userId=5&role=1&name=bob'))).toEqual({
      tabs: ['upstream', 'downstream'],
      tab: 'downstream',
      redirect: false,
      userId: 5,
      downstreamLabel: '下游监控（bob）',
    });
    expect(monitorAccess({ id: 2, role: 100 }, params('tab=upstream'))).toMatchObject({ tab: 'downstream', redirect: true });
    expect(monitorAccess({ id: 1, role: 100 }, params('tab=upstream'))).toMatchObject({ tab: 'upstream', redirect: false, userId: undefined });
    expect(monitorAccess({ id: 1, role: 100 }, params('userId=abc')).userId).toBeUndefined();
  });
});

describe(monitorQuery.name, () => {
  it('sends hourly buckets of the last 24 hours; ids as channels or tokens by tab; userId downstream only', () => {
    const filters = { ...defaultFilters(NOW), ids: [3], models: ['gpt-4o'] };
    const end = NOW / 1000;
    expect(monitorQuery(filters, 'downstream', 5)).toEqual({ timeType: 2, monitorType: 2, userId: 5, startTime: end - 86_400, endTime: end, channelIds: undefined, tokenIds: [3], modelNames: ['gpt-4o'] });
    expect(monitorQuery(filters, 'upstream', 5)).toMatchObject({ monitorType: 1, userId: undefined, channelIds: [3], tokenIds: undefined });
    expect(monitorQuery(defaultFilters(NOW), 'upstream')).toMatchObject({ channelIds: undefined, modelNames: undefined });
  });
});

describe(monitorRangeError.name, () => {
  it('refuses a reversed or too long range, and minutes older than their retention', () => {
    expect(monitorRangeError([NOW, NOW - 1], MONITOR_TIME_TYPES.hour, NOW)).toBe(MSG_STATS_RANGE_INVALID);
    expect(monitorRangeError([NOW - 367 * DAY_MS, NOW], MONITOR_TIME_TYPES.day, NOW)).toBe(MSG_STATS_RANGE_TOO_LONG);
    expect(monitorRangeError([NOW - 4 * DAY_MS, NOW], MONITOR_TIME_TYPES.minute, NOW)).toBe(MSG_MONITOR_MINUTE_RANGE);
    expect(monitorRangeError([NOW - 4 * DAY_MS, NOW], MONITOR_TIME_TYPES.hour, NOW)).toBeUndefined();
    expect(monitorRangeError([NOW - HOUR_MS, NOW], MONITOR_TIME_TYPES.minute, NOW)).toBeUndefined();
  });
});

describe(monitorSeries.name, () => {
  it('names series by token × model when several of each show', () => {
    const rows = [makeMonitorRow({ token_name: 'a', model_name: 'm1' }), makeMonitorRow({ token_name: 'b', model_name: 'm2', total_count: 50 })];
    expect(monitorSeries(rows, 'downstream').series.map((series) => series.name)).toEqual(['b / m2', 'a / m1']);
  });

  it('keeps the busiest series and merges the rest as 其他, weighting rates and times by requests', () => {
    const rows = Array.from({ length: 12 }, (_, index) =>
      makeMonitorRow({ model_name: `m${index}`, total_count: 100 - index, success_count: index < 10 ? 100 - index : 0, avg_response_time: index * 100 }),
    );
    const { times, series } = monitorSeries(rows, 'downstream');
    expect(times).toEqual([rows[0].created_at]);
    expect(series).toHaveLength(10);
    expect(series.map((entry) => entry.name).slice(0, 9)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8']);
    // 其他 = m9 (91 requests, all succeeded, 900 ms) + m10 (90, none, 1000 ms) + m11 (89, none, 1100 ms).
    expect(series[9]).toEqual({ name: OTHERS, count: [270], successRate: [Number(((91 / 270) * 100).toFixed(2))], avgResponseTime: [Math.round((91 * 900 + 90 * 1000 + 89 * 1100) / 270)] });
  });

  it('leaves gaps where a series had no requests', () => {
    const rows = [makeMonitorRow({ created_at: 100, model_name: 'a' }), makeMonitorRow({ created_at: 200, model_name: 'b' })];
    expect(monitorSeries(rows, 'downstream').series.map((entry) => entry.count)).toEqual([[20, null], [null, 20]]);
  });
});
