import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { StatisticsFigures, StatisticsPage as StatsPage, StatisticsRow } from '@gw/shared';
import { vi } from 'vitest';
import { fakeApi, type ApiCall, type Route } from '@/pages/channel/test-fake-api';
import { useUserStore } from '@/stores/user';
import { makeUser } from '@/test/factories';
import StatisticsPage from './index';

/** Test support for the statistics page: row factories and the page against a fake API. */

export function makeFigures(fields: Partial<StatisticsFigures> = {}): StatisticsFigures {
  return {
    request_count: 12,
    token_used: 3000,
    prompt_token_used: 2000,
    complete_token_used: 1000,
    cache_creation_input_token_used: 0,
    cache_read_input_token_used: 0,
    thoughts_token_used: 0,
    prompt_audio_tokens_used: 0,
    quota: 1500,
    calculate_quota: 1500,
    abnormal: false,
    ...fields,
  };
}

export function makeRow(fields: Partial<StatisticsRow> = {}): StatisticsRow {
  return {
    ...makeFigures(),
    instance: 'gw-1',
    day_time: '2025-06-14',
    user_id: 7,
    username: 'alice',
    token_id: 3,
    token_name: 'alice-key',
    model_name: 'gpt-4o',
    calculate_group_ratio: 1,
    calculate_prompt_ratio: 1.25,
    calculate_complete_ratio: 4,
    calculate_cache_creation_input_token_ratio: 1.25,
    calculate_cache_read_input_token_ratio: 0.1,
    calculate_thoughts_token_ratio: 1,
    calculate_prompt_audio_tokens_ratio: 1,
    model_price: null,
    ...fields,
  };
}

export function pageOf<T>(items: T[], fields: Partial<StatsPage<T>> = {}): StatsPage<T> {
  return { items, total: items.length, totalQuota: 0, totalCalculateQuota: 0, totalRequests: 0, totalTokens: 0, updated_at: 1_749_880_800, ...fields };
}

/** A file reply as the export endpoints send it. */
export const fileResponse = (name: string) =>
  new Response(new Blob(['xlsx']), {
    headers: {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': `attachment; filename="statistics.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`,
    },
  });

/**
 * Renders the page as an administrator. `files` answers the export paths with a file (the fake API
 * answers JSON only); every call, file or not, is recorded.
 */
export function renderStatistics(routes: Record<string, Route>, files: Record<string, () => Response> = {}): ApiCall[] {
  useUserStore.setState({ user: makeUser({ id: 1, role: 100 }) });
  const calls = fakeApi(routes);
  const json = globalThis.fetch;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const file = files[url.pathname];
      if (!file) return json(input, init);
      calls.push({ method: 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), body: undefined });
      return file();
    }),
  );
  render(
    <MemoryRouter initialEntries={['/statistics']}>
      <StatisticsPage />
    </MemoryRouter>,
  );
  return calls;
}

export const lastQuery = (calls: ApiCall[], path: string) => calls.filter((call) => call.path === path).at(-1)?.query;
