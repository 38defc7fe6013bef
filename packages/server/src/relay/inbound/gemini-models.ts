import type { Json } from '../json';
import type { ListedModel } from './anthropic-models';

/** Google's page size when the client names none, and its largest. */
const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 1000;

/** What every listed model can do here: the relay serves generateContent and its stream for any of them. */
const METHODS = ['generateContent', 'streamGenerateContent'];

/**
 * GET /v1beta/models as Google answers it: `{models: [{name: 'models/…', displayName,
 * supportedGenerationMethods}], nextPageToken}`, paged by `pageSize` and `pageToken` (here the
 * name of the last model of the previous page) over the models in name order.
 */
export function geminiModelPage(models: readonly ListedModel[], query: { pageSize?: unknown; pageToken?: unknown }): Json {
  const after = typeof query.pageToken === 'string' && query.pageToken ? models.findIndex((model) => `models/${model.id}` === query.pageToken) : -1;
  const rest = models.slice(after + 1);
  const asked = Number(query.pageSize);
  const size = Number.isInteger(asked) && asked >= 1 ? Math.min(asked, MAX_PAGE_SIZE) : DEFAULT_PAGE_SIZE;
  const page = rest.slice(0, size);
  return {
    models: page.map((model) => ({ name: `models/${model.id}`, displayName: model.id, supportedGenerationMethods: METHODS })),
    ...(page.length < rest.length ? { nextPageToken: `models/${page.at(-1)!.id}` } : {}),
  };
}
