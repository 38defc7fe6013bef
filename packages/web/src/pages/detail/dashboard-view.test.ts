import { describe, expect, it } from 'vitest';
import type { DashboardPoint } from '@gw/shared';
import { OTHERS, dashboardCharts, dashboardSeries, defaultGranularity, presetRange } from './dashboard-view';

const point = (fields: Partial<DashboardPoint>): DashboardPoint => ({ created_at: 100, model_name: 'gpt-4o', quota: 1000, token_used: 10, count: 1, ...fields });

describe(defaultGranularity.name, () => {
  it('takes the site’s DataExportDefaultTime, hour when unset or unknown', () => {
    expect(defaultGranularity({ data_export_default_time: 'week' })).toBe('week');
    expect(defaultGranularity({ data_export_default_time: 'year' })).toBe('hour');
    expect(defaultGranularity(null)).toBe('hour');
  });
});

describe(presetRange.name, () => {
  it('starts today at midnight, the others 7 and 30 days back', () => {
    const now = new Date(2025, 5, 14, 15, 30).getTime();
    expect(presetRange('today', now)).toEqual([new Date(2025, 5, 14).getTime(), now]);
    expect(presetRange('month', now)).toEqual([now - 30 * 86_400_000, now]);
  });
});

describe(dashboardSeries.name, () => {
  it('sums per bucket, largest series first, and merges beyond the limit as 其他', () => {
    const points = [point({ model_name: 'a', quota: 5 }), point({ model_name: 'b', quota: 9, created_at: 200 }), point({ model_name: 'c', quota: 1 }), point({ model_name: 'd', quota: 2, created_at: 200 })];
    expect(dashboardSeries(points, 'model', 'quota', 3)).toEqual({
      times: [100, 200],
      series: [
        { name: 'b', data: [0, 9] },
        { name: 'a', data: [5, 0] },
        { name: OTHERS, data: [1, 2] },
      ],
    });
  });

  it('groups by channel name, else its id', () => {
    const points = [point({ channel_id: 3 }), point({ channel_id: 4, channel_name: 'azure' })];
    expect(dashboardSeries(points, 'channel', 'count').series.map((series) => series.name).sort()).toEqual(['#3', 'azure']);
  });
});

describe(dashboardCharts.name, () => {
  it('shows quota as quota when the site does not show currency', () => {
    const [quota] = dashboardCharts([point({})], 'model', 'day', { displayInCurrency: false, quotaPerUnit: 500_000 });
    expect(quota.title).toBe('消耗额度');
    expect((quota.option.series as Array<{ data: number[] }>)[0].data).toEqual([1000]);
  });
});
