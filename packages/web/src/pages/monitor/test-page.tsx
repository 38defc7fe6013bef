import { render } from '@testing-library/react';
import { MemoryRouter, Route as RouterRoute, Routes, useLocation } from 'react-router-dom';
import type { MonitorRow } from '@gw/shared';
import { fakeApi, type ApiCall, type Route } from '@/pages/channel/test-fake-api';
import { useUserStore } from '@/stores/user';
import { makeUser } from '@/test/factories';
import MonitorPage from './index';

/** Test support for the monitor page: row factory, and the page on /monitor against a fake API. */

export function makeMonitorRow(fields: Partial<MonitorRow> = {}): MonitorRow {
  return {
    created_at: 1_749_880_800,
    token_id: 3,
    token_name: 'alice-key',
    model_name: 'gpt-4o',
    success_rate: 0.95,
    avg_response_time: 1200,
    avg_first_token_time: 300,
    total_count: 20,
    success_count: 19,
    error_count: 1,
    ...fields,
  };
}

function Where() {
  const location = useLocation();
  return (
    <p data-testid="location">
      {location.pathname}
      {location.search}
    </p>
  );
}

export function renderMonitor(viewer: { id: number; role: number }, routes: Record<string, Route>, entry = '/monitor'): ApiCall[] {
  useUserStore.setState({ user: makeUser(viewer) });
  const calls = fakeApi(routes);
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <RouterRoute
          path="/monitor"
          element={
            <>
              <MonitorPage />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
  return calls;
}

export const posts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST' && call.path === '/api/monitor/self').map((call) => call.body);
export const lastGet = (calls: ApiCall[], path: string) => calls.filter((call) => call.method === 'GET' && call.path === path).at(-1)?.query;
