/**
 * Claude on Bedrock: Anthropic's model names → Bedrock model ids, with the geographies that have a
 * system-defined cross-region inference profile for the model (AWS Bedrock user guide,
 * "Supported Regions and models for inference profiles"). Newer Claude models are served in most
 * regions only through a profile, whose id is the model id with the geography in front
 * (us.anthropic.claude-…). A channel's model_mapping may name any Bedrock id or ARN instead.
 */
const CLAUDE_ON_BEDROCK: Readonly<Record<string, { id: string; profiles: readonly string[] }>> = {
  'claude-3-haiku-20240307': { id: 'anthropic.claude-3-haiku-20240307-v1:0', profiles: ['us', 'eu', 'apac'] },
  'claude-3-5-haiku-20241022': { id: 'anthropic.claude-3-5-haiku-20241022-v1:0', profiles: ['us'] },
  'claude-3-5-sonnet-20240620': { id: 'anthropic.claude-3-5-sonnet-20240620-v1:0', profiles: ['us', 'eu', 'apac'] },
  'claude-3-5-sonnet-20241022': { id: 'anthropic.claude-3-5-sonnet-20241022-v2:0', profiles: ['us', 'apac'] },
  'claude-3-7-sonnet-20250219': { id: 'anthropic.claude-3-7-sonnet-20250219-v1:0', profiles: ['us', 'eu', 'apac'] },
  'claude-sonnet-4-20250514': { id: 'anthropic.claude-sonnet-4-20250514-v1:0', profiles: ['us', 'eu', 'apac', 'global'] },
  'claude-opus-4-20250514': { id: 'anthropic.claude-opus-4-20250514-v1:0', profiles: ['us'] },
  'claude-opus-4-1-20250805': { id: 'anthropic.claude-opus-4-1-20250805-v1:0', profiles: ['us'] },
  'claude-sonnet-4-5-20250929': { id: 'anthropic.claude-sonnet-4-5-20250929-v1:0', profiles: ['us', 'eu', 'apac', 'jp', 'au', 'global'] },
  'claude-haiku-4-5-20251001': { id: 'anthropic.claude-haiku-4-5-20251001-v1:0', profiles: ['us', 'eu', 'apac', 'jp', 'au', 'global'] },
  'claude-opus-4-5-20251101': { id: 'anthropic.claude-opus-4-5-20251101-v1:0', profiles: ['us', 'eu', 'global'] },
  'claude-opus-4-6': { id: 'anthropic.claude-opus-4-6-v1', profiles: ['us', 'eu', 'au', 'global'] },
  'claude-sonnet-4-6': { id: 'anthropic.claude-sonnet-4-6', profiles: ['us', 'eu', 'jp', 'au', 'global'] },
  'claude-opus-4-7': { id: 'anthropic.claude-opus-4-7', profiles: ['us', 'eu', 'jp', 'global'] },
};

/** Anthropic's aliases (its models overview) → the dated names above. */
const ALIASES: Readonly<Record<string, string>> = {
  'claude-3-5-haiku-latest': 'claude-3-5-haiku-20241022',
  'claude-3-5-sonnet-latest': 'claude-3-5-sonnet-20241022',
  'claude-3-7-sonnet-latest': 'claude-3-7-sonnet-20250219',
  'claude-sonnet-4-0': 'claude-sonnet-4-20250514',
  'claude-opus-4-0': 'claude-opus-4-20250514',
  'claude-opus-4-1': 'claude-opus-4-1-20250805',
  'claude-sonnet-4-5': 'claude-sonnet-4-5-20250929',
  'claude-haiku-4-5': 'claude-haiku-4-5-20251001',
  'claude-opus-4-5': 'claude-opus-4-5-20251101',
};

/** A name that already is a Bedrock model id, inference profile id or ARN (from model_mapping): used as it is. */
const isBedrockId = (model: string) => model.startsWith('arn:') || model.includes('.');

/** The inference profile geography of a region, as new-api derives it: us-*, eu-* and ap-* (apac). */
function geographyOf(region: string): string | undefined {
  if (region.startsWith('us-gov-')) return 'us-gov';
  const prefix = region.split('-')[0];
  return prefix === 'ap' ? 'apac' : prefix === 'us' || prefix === 'eu' ? prefix : undefined;
}

/**
 * The Bedrock model id for a model name (after the channel's model_mapping). A Claude model of the
 * table goes through the cross-region profile of the channel's region when there is one (or the
 * profile the key names as its InferenceRegion), else in-region; other names are sent unchanged.
 */
export function bedrockModelId(model: string, region: string, inferenceRegion?: string): string {
  if (isBedrockId(model)) return model;
  const known = CLAUDE_ON_BEDROCK[ALIASES[model] ?? model];
  if (!known) return model;
  if (inferenceRegion) return `${inferenceRegion}.${known.id}`;
  const geography = geographyOf(region);
  return geography && known.profiles.includes(geography) ? `${geography}.${known.id}` : known.id;
}
