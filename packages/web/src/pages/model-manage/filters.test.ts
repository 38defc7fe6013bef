import { describe, expect, it } from 'vitest';
import { EMPTY_SEARCH, toAbilityFilters } from './filters';

describe('toAbilityFilters', () => {
  it('leaves out empty fields', () => {
    expect(toAbilityFilters(EMPTY_SEARCH)).toEqual({});
  });

  it('trims the model, reads the channel id and the yes/no flags', () => {
    expect(toAbilityFilters({ model: ' gpt-4o ', group: 'vip', channel_id: ' 12 ', is_deep_seek: 'true', is_viewable: 'false' })).toEqual({
      model: 'gpt-4o',
      group: 'vip',
      channel_id: 12,
      is_deep_seek: true,
      is_viewable: false,
    });
  });

  it('ignores a channel id that is not a positive whole number', () => {
    expect(toAbilityFilters({ ...EMPTY_SEARCH, channel_id: 'abc' }).channel_id).toBeUndefined();
    expect(toAbilityFilters({ ...EMPTY_SEARCH, channel_id: '1.5' }).channel_id).toBeUndefined();
    expect(toAbilityFilters({ ...EMPTY_SEARCH, channel_id: '0' }).channel_id).toBeUndefined();
  });
});
