import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';

/** A caller's own id is kept when it is a plain token: nothing a log reader could mistake for markup or a second field. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
const REQUEST_ID = Symbol('requestId');

type WithRequestId = IncomingMessage & { [REQUEST_ID]?: string };

/** The request being served in this async context, for the log lines written while serving it (app-logger.ts). */
const scope = new AsyncLocalStorage<string>();

/** The incoming `X-Request-Id` when it is sane, else a new UUID. */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && SANE_REQUEST_ID.test(header) ? header : randomUUID();
}

/** The id given to an HTTP request by installRequestIds (undefined for a request that did not come through it). */
export const requestIdOf = (request: IncomingMessage): string | undefined => (request as WithRequestId)[REQUEST_ID];

/** The id of the request whose work is running now, if any. */
export const currentRequestId = (): string | undefined => scope.getStore();

/** Runs `work` as no request's: what it starts (a job, a timer) is not attributed to the request that happened to start it. */
export const outsideRequests = <T>(work: () => T): T => scope.exit(work);

/**
 * Gives every request of the server (relay front door and Express alike) its id, echoed in the
 * `X-Request-Id` response header. With `scoped` the rest of the request runs in an async scope
 * holding the id, so that log lines written while serving it carry it; without, the id is only on
 * the request (requestIdOf) and the response, and no async-context tracking is switched on (on
 * Node 20 it adds a hook to every promise, which the text log format has no use for).
 */
export function installRequestIds(server: Server, scoped: boolean): void {
  const listeners = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  const serve = (request: IncomingMessage, response: ServerResponse) => {
    for (const listener of listeners) listener(request, response);
  };
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const id = requestIdFrom(request.headers['x-request-id']);
    (request as WithRequestId)[REQUEST_ID] = id;
    response.setHeader('X-Request-Id', id);
    if (scoped) scope.run(id, serve, request, response);
    else serve(request, response);
  });
}
