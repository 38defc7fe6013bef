import { describe, expect, it } from 'vitest';
import type { ChannelTagRow } from '@/api/channels';
import { initialTagEditValues, planTagUpdate } from './tag-edit';

const row: ChannelTagRow = {
  key: 'tag:team',
  tag: 'team',
  name: 'team',
  group: 'default,vip',
  models: 'gpt-4o,o3',
  used_quota: 0,
  response_time: 0,
  priority: 0,
  weight: 0,
  status: 1,
  children: [],
};

const edit = (fields: Partial<ReturnType<typeof initialTagEditValues>>) => planTagUpdate(row, { ...initialTagEditValues(row), ...fields });

describe('initialTagEditValues', () => {
  it('starts from the tag name, group union and model union, with no mapping', () => {
    expect(initialTagEditValues(row)).toEqual({ new_tag: 'team', model_mapping: '', groups: ['default', 'vip'], models: ['gpt-4o', 'o3'] });
  });
});

describe('planTagUpdate', () => {
  it('warns when nothing changed (order of lists does not count)', () => {
    expect(edit({})).toEqual({ ok: false, level: 'warning', message: '没有任何修改' });
    expect(edit({ groups: ['vip', 'default'], new_tag: ' team ' })).toMatchObject({ ok: false, level: 'warning' });
  });

  it('requires the mapping to be JSON', () => {
    expect(edit({ model_mapping: '{gpt-4o: o3}' })).toEqual({ ok: false, level: 'error', message: 'model mapping must be a valid JSON format' });
  });

  it('sends only the changed fields, lists comma-joined', () => {
    expect(edit({ new_tag: 'team-2' })).toEqual({ ok: true, update: { tag: 'team', new_tag: 'team-2' } });
    expect(edit({ model_mapping: '{"gpt-4o": "o3"}', groups: ['vip'], models: ['o3', 'o4-mini'] })).toEqual({
      ok: true,
      update: { tag: 'team', model_mapping: '{"gpt-4o": "o3"}', groups: 'vip', models: 'o3,o4-mini' },
    });
  });

  it('does not clear the tag name, the groups or the models with an empty field', () => {
    expect(edit({ new_tag: '', groups: [], models: [] })).toMatchObject({ ok: false, level: 'warning' });
  });
});
