import { describe, expect, it } from 'vitest';
import { findRoute } from '@/routes/access';

describe('route table', () => {
  it.each([
    ['/model-manage', 'modelManage', '模型管理'],
    ['/model-check', 'modelCheck', '模型检测'],
  ])('serves %s with its own page and sidebar entry, to admins', (path, page, label) => {
    const route = findRoute(path);
    expect(route?.page).toBe(page);
    expect(route?.access).toBe('admin');
    expect(route?.menu?.label).toBe(label);
  });
});
