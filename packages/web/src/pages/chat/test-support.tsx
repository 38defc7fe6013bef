import type { ReactElement } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { TOKEN_STATUS } from '@gw/shared';
import type { SiteStatus } from '@/api/status';
import type { Token, TokenStatus } from '@/api/tokens';
import { useStatusStore } from '@/stores/status';
import { useUserStore } from '@/stores/user';
import { jsonResponse, makeUser } from '@/test/factories';

/** A token row of GET /api/token/ with what the chat pages read: the key and the status. */
export function token(id: number, key: string, status: TokenStatus = TOKEN_STATUS.ENABLED): Token {
  const unlimited = { remain_quota: 0, used_quota: 0, unlimited_quota: true, expired_time: -1, created_time: 1_900_000_000 };
  const unrestricted = { model_limits_enabled: false, model_limits: '', allow_ips: '', group: '', rate_limit_enabled: false, rate_per_minute: 0 };
  return { id, name: `token-${id}`, key, status, ...unlimited, ...unrestricted };
}

/** Stands in for the server's token list; returns the addresses asked for, in order. */
export function fakeTokenList(items: Token[]): string[] {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      calls.push(input);
      if (!input.startsWith('/api/token/?')) return jsonResponse({ success: false, message: 'not found' }, 404);
      return jsonResponse({ success: true, message: '', data: { items, total: items.length, page: 0, page_size: 100 } });
    }),
  );
  return calls;
}

/** A signed-in user for every test of the file; each test leaves stores, stubs and timers as it found them. */
export function setUpChatPageTests(): void {
  beforeEach(() => useUserStore.getState().setUser(makeUser()));
  afterEach(() => {
    useUserStore.getState().clearUser();
    useStatusStore.setState({ status: null });
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });
}

/** Renders the console at `path` with the given server status; /token stands for the token page. */
export function renderAt(path: string, status: SiteStatus, routes: Record<string, ReactElement>): void {
  useStatusStore.setState({ status });
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        {Object.entries(routes).map(([pattern, element]) => (
          <Route key={pattern} path={pattern} element={element} />
        ))}
        <Route path="/token" element={<p>token page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}
