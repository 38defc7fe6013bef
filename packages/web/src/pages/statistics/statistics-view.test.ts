import { describe, expect, it } from 'vitest';
import { statisticsParams } from '@/api/statistics';
import { defaultFilters, ratioText, statisticsQuery } from './statistics-view';

const NOW = Date.UTC(2025, 5, 14, 7, 30, 12, 500);

describe(statisticsQuery.name, () => {
  it('covers the last 7 days in seconds, pages from 1 and sends date_type only for the detail view', () => {
    const filters = defaultFilters(NOW);
    const end = Math.floor(NOW / 1000);
    expect(statisticsParams(statisticsQuery(filters, 'detail', 1, 20))).toEqual({ p: 1, page_size: 20, startTime: end - 7 * 86_400, endTime: end, date_type: 'day' });
    expect(statisticsParams(statisticsQuery(filters, 'token', 3, 50))).toEqual({ p: 3, page_size: 50, startTime: end - 7 * 86_400, endTime: end });
  });

  it('trims the text filters, leaves out empty ones, and sends abnormal only when on', () => {
    const filters = { ...defaultFilters(NOW), username: ' bob ', modelName: '  ', instance: 'gw-1', abnormal: true };
    const params = statisticsParams(statisticsQuery(filters, 'user', 1, 20));
    expect(params).toMatchObject({ username: 'bob', instance: 'gw-1', abnormal: true });
    expect(params).not.toHaveProperty('modelName');
    expect(params).not.toHaveProperty('tokenName');
    expect(statisticsParams(statisticsQuery(defaultFilters(NOW), 'user', 1, 20))).not.toHaveProperty('abnormal');
  });
});

describe(ratioText.name, () => {
  it('shows ratios without float noise', () => {
    expect(ratioText(0.1 + 0.2)).toBe('0.3');
    expect(ratioText(1.25)).toBe('1.25');
  });
});
