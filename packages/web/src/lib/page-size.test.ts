import { describe, expect, it } from 'vitest';
import { readPageSize, savePageSize } from './page-size';

describe('page size', () => {
  it('is stored as page-size and must be one of 10, 20, 50, 100', () => {
    expect(readPageSize()).toBe(10);
    savePageSize(50);
    expect(localStorage.getItem('page-size')).toBe('50');
    expect(readPageSize()).toBe(50);
    localStorage.setItem('page-size', '37');
    expect(readPageSize()).toBe(10);
  });
});
