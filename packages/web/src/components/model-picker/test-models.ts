import { vendorOfModel, type ChatModelView } from '@gw/shared';

/** A chat model for tests: a text-only model of the vendor its name tells, unless overridden. */
export function makeModel(name: string, fields: Partial<ChatModelView> = {}): ChatModelView {
  const viewable = fields.is_viewable ?? false;
  const thinking = fields.is_deep_seek ?? false;
  return {
    id: name,
    name,
    owned_by: 'system',
    created: 1_735_689_600,
    is_viewable: viewable,
    is_deep_seek: thinking,
    is_funcable: false,
    format: 'openai',
    provider: vendorOfModel(name),
    capabilities: [...(viewable ? (['vision'] as const) : []), ...(thinking ? (['thinking'] as const) : [])],
    sort_number: 0,
    max_token: 0,
    ...fields,
  };
}
