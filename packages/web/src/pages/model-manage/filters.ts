import type { AbilityFilters } from '@/api/channels';

/** Spec 2 §2: the model management list shows 10 rows a page. */
export const ABILITY_PAGE_SIZE = 10;

/** A flag filter as the form holds it: any, yes or no. */
export type FlagChoice = '' | 'true' | 'false';

export interface AbilitySearchValues {
  model: string;
  group: string;
  channel_id: string;
  is_deep_seek: FlagChoice;
  is_viewable: FlagChoice;
}

export const EMPTY_SEARCH: AbilitySearchValues = { model: '', group: '', channel_id: '', is_deep_seek: '', is_viewable: '' };

export const FLAG_OPTIONS: ReadonlyArray<{ label: string; value: FlagChoice }> = [
  { label: '全部', value: '' },
  { label: '是', value: 'true' },
  { label: '否', value: 'false' },
];

const flag = (choice: FlagChoice) => (choice === '' ? undefined : choice === 'true');

/** The query filters: empty fields are left out; a channel id that is not a whole number is ignored. */
export function toAbilityFilters(values: AbilitySearchValues): AbilityFilters {
  const channelId = Number(values.channel_id.trim());
  return {
    model: values.model.trim() || undefined,
    group: values.group || undefined,
    channel_id: values.channel_id.trim() !== '' && Number.isInteger(channelId) && channelId > 0 ? channelId : undefined,
    is_deep_seek: flag(values.is_deep_seek),
    is_viewable: flag(values.is_viewable),
  };
}
