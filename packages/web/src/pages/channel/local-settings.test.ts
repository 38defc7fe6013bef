import { describe, expect, it } from 'vitest';
import { readIdSort, readTypeModels, writeIdSort, writeTypeModels } from './local-settings';

describe('id sort', () => {
  it('is stored as id-sort, off by default', () => {
    expect(readIdSort()).toBe(false);
    writeIdSort(true);
    expect(localStorage.getItem('id-sort')).toBe('true');
    expect(readIdSort()).toBe(true);
  });
});

describe('type models', () => {
  it('is cached as channel_models and unreadable values are ignored', () => {
    expect(readTypeModels()).toBeNull();
    writeTypeModels({ 1: ['gpt-4o'] });
    expect(JSON.parse(localStorage.getItem('channel_models') ?? '')).toEqual({ 1: ['gpt-4o'] });
    expect(readTypeModels()).toEqual({ 1: ['gpt-4o'] });
    localStorage.setItem('channel_models', '{broken');
    expect(readTypeModels()).toBeNull();
    localStorage.setItem('channel_models', '["gpt-4o"]');
    expect(readTypeModels()).toBeNull();
  });
});
