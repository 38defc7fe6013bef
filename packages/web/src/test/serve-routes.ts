import type { Mock } from 'vitest';
import { jsonResponse } from './factories';

type FetchMock = Mock<typeof fetch>;

/** Makes `fetchMock` answer each call by `METHOD path` with a reply body (or a function giving one); any other call throws. */
export function serveRoutes(fetchMock: FetchMock, routes: Record<string, unknown>): void {
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    if (!(key in routes)) throw new Error(`unexpected ${key}`);
    return jsonResponse(typeof routes[key] === 'function' ? (routes[key] as () => unknown)() : routes[key]);
  });
}

/** The calls made, as `METHOD path` followed by the body when there was one. */
export const callsOf = (fetchMock: FetchMock): string[] =>
  fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}${init?.body ? ` ${String(init.body)}` : ''}`);
