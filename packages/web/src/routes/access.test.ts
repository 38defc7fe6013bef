import { describe, expect, it } from 'vitest';
import { checkAccess, enabledRoutesFor, findRoute, matchesPattern, saveEnabledRoutes } from '@/routes/access';

const guest = null;
const member = { id: 7, role: 1 };
const admin = { id: 2, role: 10 };

describe(matchesPattern.name, () => {
  it('matches :param segments against any value', () => {
    expect(matchesPattern('/channel/edit/:id', '/channel/edit/42')).toBe(true);
    expect(matchesPattern('/oauth/:type/callback', '/oauth/github/callback')).toBe(true);
  });

  it('needs the same number of segments and equal fixed segments', () => {
    expect(matchesPattern('/channel/edit/:id', '/channel/edit')).toBe(false);
    expect(matchesPattern('/channel/edit/:id', '/channel/edit/1/more')).toBe(false);
    expect(matchesPattern('/channel/edit/:id', '/channel/view/1')).toBe(false);
  });

  it('ignores query, hash and a trailing slash', () => {
    expect(matchesPattern('/token', '/token/?p=1#top')).toBe(true);
  });
});

describe(checkAccess.name, () => {
  it.each(['/entry', '/entryNews/3', '/login', '/register', '/reset', '/user/reset', '/home', '/data-market', '/data-market/9', '/oauth/github/callback', '/pricing'])(
    'lets a guest open the public page %s',
    (path) => {
      expect(checkAccess(path, guest)).toBe('allowed');
    },
  );

  it.each(['/token', '/topup', '/log', '/setting', '/update', '/workflow', '/workflow/editor/5', '/workflowResult/5', '/data-market/9/view-all', '/multi-model-compare/history/3', '/arena/leaderboard', '/task', '/midjourney', '/about', '/monitor'])(
    'sends a guest on the guarded page %s to login, and lets a user in',
    (path) => {
      expect(checkAccess(path, guest)).toBe('login');
      expect(checkAccess(path, member)).toBe('allowed');
    },
  );

  it.each(['/channel', '/channel/add', '/channel/edit/3', '/user', '/user/edit/3', '/user/edit', '/redemption', '/detail', '/statistics', '/model-manage', '/model-check', '/customer-connect'])(
    'forbids the admin page %s to a user (role 1) and allows it from role 10',
    (path) => {
      expect(checkAccess(path, guest)).toBe('login');
      expect(checkAccess(path, member)).toBe('forbidden');
      expect(checkAccess(path, admin)).toBe('allowed');
      expect(checkAccess(path, { id: 1, role: 100 })).toBe('allowed');
    },
  );

  it.each(['/plan', '/audit'])('opens the super administrators\' page %s from role 100 only', (path) => {
    expect(checkAccess(path, guest)).toBe('login');
    expect(checkAccess(path, member)).toBe('forbidden');
    expect(checkAccess(path, admin)).toBe('forbidden');
    expect(checkAccess(path, { id: 3, role: 100 })).toBe('allowed');
  });

  it('reports unknown routes as not found, whoever asks', () => {
    expect(checkAccess('/nope', guest)).toBe('not-found');
    expect(checkAccess('/token/extra', admin)).toBe('not-found');
    expect(checkAccess('/channel/edit', admin)).toBe('not-found');
  });
});

describe(findRoute.name, () => {
  it('finds /user/reset as the public reset page, not the admin /user/edit', () => {
    expect(findRoute('/user/reset')?.access).toBe('public');
    expect(findRoute('/user/edit')?.access).toBe('admin');
  });
});

describe(enabledRoutesFor.name, () => {
  it('gives guests public routes only, users the guarded ones too, admins everything', () => {
    const forGuest = enabledRoutesFor(guest);
    const forMember = enabledRoutesFor(member);
    const forAdmin = enabledRoutesFor(admin);
    expect(forGuest).toContain('/login');
    expect(forGuest).not.toContain('/token');
    expect(forMember).toContain('/token');
    expect(forMember).not.toContain('/channel');
    expect(forAdmin).toContain('/channel/edit/:id');
  });

  it('is stored under enabled_routes', () => {
    saveEnabledRoutes(admin);
    expect(JSON.parse(localStorage.getItem('enabled_routes')!)).toContain('/customer-connect');
    saveEnabledRoutes(null);
    expect(JSON.parse(localStorage.getItem('enabled_routes')!)).not.toContain('/token');
  });
});
