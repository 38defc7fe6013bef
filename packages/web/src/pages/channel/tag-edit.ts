import type { ChannelTagRow, TagUpdate } from '@/api/channels';
import { isJsonObject } from './form/channel-form';
import { joinList, splitList } from './lists';

/** The tag edit dialog (spec 2 §2): rename, model mapping, groups and models of every channel of a tag. */
export interface TagEditValues {
  new_tag: string;
  model_mapping: string;
  groups: string[];
  models: string[];
}

export const MSG_TAG_MAPPING_JSON = 'model mapping must be a valid JSON format';
export const MSG_TAG_NOTHING_CHANGED = '没有任何修改';

export type TagUpdatePlan = { ok: true; update: TagUpdate } | { ok: false; level: 'warning' | 'error'; message: string };

/** The dialog starts from the tag row: its name, group union and model union; no mapping. */
export function initialTagEditValues(row: ChannelTagRow): TagEditValues {
  return { new_tag: row.tag, model_mapping: '', groups: splitList(row.group), models: splitList(row.models) };
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item) => b.includes(item));

/**
 * Only what changed is sent. An empty new tag name keeps the name (clearing the tag of every
 * channel at once is not what a blank field should do); an empty mapping leaves mappings alone.
 */
export function planTagUpdate(row: ChannelTagRow, values: TagEditValues): TagUpdatePlan {
  const mapping = values.model_mapping.trim();
  if (mapping !== '' && !isJsonObject(mapping)) return { ok: false, level: 'error', message: MSG_TAG_MAPPING_JSON };

  const update: TagUpdate = { tag: row.tag };
  const newTag = values.new_tag.trim();
  if (newTag !== '' && newTag !== row.tag) update.new_tag = newTag;
  if (mapping !== '') update.model_mapping = mapping;
  const initial = initialTagEditValues(row);
  if (values.groups.length > 0 && !sameSet(values.groups, initial.groups)) update.groups = joinList(values.groups);
  if (values.models.length > 0 && !sameSet(values.models, initial.models)) update.models = joinList(values.models);

  if (Object.keys(update).length === 1) return { ok: false, level: 'warning', message: MSG_TAG_NOTHING_CHANGED };
  return { ok: true, update };
}
