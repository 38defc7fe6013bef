import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initialCollapsed } from '@/stores/sidebar';

describe(initialCollapsed.name, () => {
  it('starts collapsed on phone-wide screens (767 px or narrower)', () => {
    expect(initialCollapsed(767, null, null)).toBe(true);
    expect(initialCollapsed(375, 'false', 'false')).toBe(true);
    expect(initialCollapsed(768, null, null)).toBe(false);
  });

  it('prefers the remembered choice over the site default on wide screens', () => {
    expect(initialCollapsed(1280, 'true', 'false')).toBe(true);
    expect(initialCollapsed(1280, 'false', 'true')).toBe(false);
  });

  it('falls back to default_collapse_sidebar', () => {
    expect(initialCollapsed(1280, null, 'true')).toBe(true);
    expect(initialCollapsed(1280, null, 'false')).toBe(false);
  });
});

describe('useSidebarStore', () => {
  beforeEach(() => vi.resetModules());

  it('remembers the choice across a reload', async () => {
    window.innerWidth = 1280;
    const first = await import('@/stores/sidebar');
    expect(first.useSidebarStore.getState().collapsed).toBe(false);
    first.useSidebarStore.getState().setCollapsed(true);
    expect(localStorage.getItem('sidebar-collapsed')).toBe('true');

    vi.resetModules();
    const reloaded = await import('@/stores/sidebar');
    expect(reloaded.useSidebarStore.getState().collapsed).toBe(true);
  });

  it('starts collapsed on a narrow screen', async () => {
    window.innerWidth = 500;
    const { useSidebarStore } = await import('@/stores/sidebar');
    expect(useSidebarStore.getState().collapsed).toBe(true);
    window.innerWidth = 1280;
  });
});

describe('followSiteDefault', () => {
  beforeEach(() => vi.resetModules());

  it('applies the site default on a wide screen until the user chooses', async () => {
    window.innerWidth = 1280;
    const { useSidebarStore } = await import('@/stores/sidebar');
    useSidebarStore.getState().followSiteDefault(true);
    expect(useSidebarStore.getState().collapsed).toBe(true);

    useSidebarStore.getState().setCollapsed(false);
    useSidebarStore.getState().followSiteDefault(true);
    expect(useSidebarStore.getState().collapsed).toBe(false);
  });
});
