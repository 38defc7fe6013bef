import { describe, expect, it } from 'vitest';
import { canEditOptions, resolveTab, visibleTabs } from './setting-tabs';

describe('visibleTabs', () => {
  it('shows only the personal tab below role 10', () => {
    expect(visibleTabs(1).map((tab) => tab.key)).toEqual(['personal']);
    expect(visibleTabs(9).map((tab) => tab.key)).toEqual(['personal']);
  });

  it('shows every tab from role 10', () => {
    expect(visibleTabs(10).map((tab) => tab.key)).toEqual(['personal', 'operation', 'system', 'other']);
  });
});

describe('resolveTab', () => {
  it('gives a non-admin the personal tab whatever was asked', () => {
    expect(resolveTab('system', 1)).toBe('personal');
    expect(resolveTab('operation', 1)).toBe('personal');
  });

  it('gives an administrator the requested tab, personal when none or unknown', () => {
    expect(resolveTab('system', 10)).toBe('system');
    expect(resolveTab('other', 100)).toBe('other');
    expect(resolveTab(null, 100)).toBe('personal');
    expect(resolveTab('nope', 100)).toBe('personal');
  });
});

describe('canEditOptions', () => {
  it('lets only a super administrator save options', () => {
    expect(canEditOptions(10)).toBe(false);
    expect(canEditOptions(99)).toBe(false);
    expect(canEditOptions(100)).toBe(true);
  });
});
