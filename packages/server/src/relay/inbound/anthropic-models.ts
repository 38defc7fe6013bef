import type { Json } from '../json';

/** A model the caller may use, with the creation time (unix seconds) of its oldest channel. */
export interface ListedModel {
  id: string;
  created: number;
}

/** Anthropic's page size when the client names none, and its largest. */
const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 1000;

/**
 * GET /v1/models as Anthropic answers it (the caller sent anthropic-version): a page of
 * `{type: 'model', id, display_name, created_at}` with `has_more`, `first_id` and `last_id`,
 * paged by `limit`, `after_id` and `before_id` over the models in name order.
 */
export function anthropicModelPage(models: readonly ListedModel[], query: { limit?: unknown; after_id?: unknown; before_id?: unknown }): Json {
  let items = models;
  const after = typeof query.after_id === 'string' ? items.findIndex((model) => model.id === query.after_id) : -1;
  if (after >= 0) items = items.slice(after + 1);
  const before = typeof query.before_id === 'string' ? items.findIndex((model) => model.id === query.before_id) : -1;
  if (before >= 0) items = items.slice(0, before);
  const asked = Number(query.limit);
  const limit = Number.isInteger(asked) && asked >= 1 ? Math.min(asked, MAX_LIMIT) : DEFAULT_LIMIT;
  const page = before >= 0 ? items.slice(-limit) : items.slice(0, limit);
  return {
    data: page.map((model) => ({ type: 'model', id: model.id, display_name: model.id, created_at: new Date(model.created * 1000).toISOString() })),
    has_more: page.length < items.length,
    first_id: page[0]?.id ?? null,
    last_id: page.at(-1)?.id ?? null,
  };
}
