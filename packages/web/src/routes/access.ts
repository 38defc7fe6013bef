import { ROLE_GUEST, roleAllows } from '@gw/shared';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { ROUTES, type AppRoute } from '@/routes/route-table';

/** The part of a user the access rules look at; null is a guest. */
export interface AccessUser {
  id: number;
  role: number;
}

/** allowed: show the page; login: a guest must sign in; forbidden: signed in without the role. */
export type AccessVerdict = 'allowed' | 'login' | 'forbidden' | 'not-found';

function segments(path: string): string[] {
  return path.split(/[?#]/)[0].split('/').filter(Boolean);
}

/** True when the path fits the pattern; ':param' segments match any non-empty value. */
export function matchesPattern(pattern: string, path: string): boolean {
  const expected = segments(pattern);
  const actual = segments(path);
  return expected.length === actual.length && expected.every((part, i) => part.startsWith(':') || part === actual[i]);
}

export function findRoute(path: string, routes: readonly AppRoute[] = ROUTES): AppRoute | undefined {
  return routes.find((route) => matchesPattern(route.path, path));
}

/** The one access check of the console (spec 1 §2.1, spec 3 §2.12). */
export function checkAccess(path: string, user: AccessUser | null, routes: readonly AppRoute[] = ROUTES): AccessVerdict {
  const route = findRoute(path, routes);
  if (!route) return 'not-found';
  if (roleAllows(route.access, user?.role ?? ROLE_GUEST, user?.id)) return 'allowed';
  return user ? 'forbidden' : 'login';
}

/** The route patterns a user may open: public only for a guest, rebuilt by role on login. */
export function enabledRoutesFor(user: AccessUser | null, routes: readonly AppRoute[] = ROUTES): string[] {
  return routes.filter((route) => roleAllows(route.access, user?.role ?? ROLE_GUEST, user?.id)).map((route) => route.path);
}

/** Keeps the stored route list of spec 1 §4 in step with the session. */
export function saveEnabledRoutes(user: AccessUser | null): void {
  localStorage.setItem(STORAGE_KEYS.enabledRoutes, JSON.stringify(enabledRoutesFor(user)));
}
