import type { User } from '@/stores/user';

/** A signed-in user for tests; role 1 (common) unless overridden. */
export function makeUser(fields: Partial<User> = {}): User {
  return {
    id: 7,
    username: 'alice',
    role: 1,
    quota: 0,
    used_quota: 0,
    request_count: 0,
    group: 'default',
    aff_quota: 0,
    aff_history_quota: 0,
    aff_count: 0,
    ...fields,
  };
}

/** A fetch reply in the console envelope. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
