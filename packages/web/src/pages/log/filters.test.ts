import { describe, expect, it } from 'vitest';
import { logQuery } from '@/api/logs';
import { defaultFormValues, defaultTimeRange, toFilters } from './filters';

describe(defaultTimeRange.name, () => {
  it('runs from today 00:00 to an hour from now (local time)', () => {
    const now = new Date(2025, 5, 14, 15, 30, 12);
    expect(defaultTimeRange(now)).toEqual([new Date(2025, 5, 14, 0, 0, 0).getTime(), new Date(2025, 5, 14, 16, 30, 12).getTime()]);
  });
});

describe(logQuery.name, () => {
  const values = {
    ...defaultFormValues(new Date(2025, 5, 14, 15, 30, 12)),
    type: 2,
    token_name: ' prod ',
    model_name: 'gpt-4o',
    username: 'bob',
    channel: '5',
    status_code: ' 429 ',
  };
  const start = Math.floor(new Date(2025, 5, 14).getTime() / 1000);
  const end = Math.floor(new Date(2025, 5, 14, 16, 30, 12).getTime() / 1000);

  it('sends every filter of an administrator, in unix seconds', () => {
    expect(logQuery(toFilters(values), true)).toEqual({
      type: 2,
      token_name: 'prod',
      model_name: 'gpt-4o',
      username: 'bob',
      channel: '5',
      status_code: '429',
      start_timestamp: start,
      end_timestamp: end,
    });
  });

  it('never sends username or channel for a user, but does send the status code', () => {
    expect(logQuery(toFilters(values), false)).toEqual({ type: 2, token_name: 'prod', model_name: 'gpt-4o', status_code: '429', start_timestamp: start, end_timestamp: end });
  });

  it('leaves out empty filters but always sends the type', () => {
    expect(logQuery(toFilters({ ...values, type: 0, token_name: '  ', model_name: '', username: '', channel: '', status_code: '', range: undefined }), true)).toEqual({ type: 0 });
  });
});
