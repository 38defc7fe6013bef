import { parseJsonObject } from '../json';

/** Where Claude and Gemini are served when the channel names no region for a model. */
export const DEFAULT_VERTEX_REGION = 'us-central1';

const INVALID_REGIONS = 'Vertex AI 区域映射必须是 JSON 对象，值为区域名，例如 {"default": "us-central1", "claude-3-5-sonnet-20240620": "europe-west1"}';
const REGION = /^[a-z0-9-]+$/;

/**
 * The channel's region setting (its `other` field): one region for every model, or a JSON map
 * `{model: region, default: region}`. Returns the map form, or the reason it is not valid.
 */
export function parseVertexRegions(other: string): Readonly<Record<string, string>> | string {
  const text = other.trim();
  if (!text.startsWith('{')) {
    if (text === '') return { default: DEFAULT_VERTEX_REGION };
    return REGION.test(text) ? { default: text } : `Vertex AI 区域「${text}」无效，例如 us-central1、europe-west1 或 global`;
  }
  const parsed = parseJsonObject(text);
  if (!parsed) return INVALID_REGIONS;
  const entries = Object.entries(parsed);
  if (entries.some(([, region]) => typeof region !== 'string' || !REGION.test(region))) return INVALID_REGIONS;
  return Object.fromEntries(entries) as Record<string, string>;
}

/** The region a model is called in: its own entry (the upstream model, else the requested name), else the default. */
export function vertexRegion(other: string, upstreamModel: string, requestModel: string): string {
  const regions = parseVertexRegions(other);
  if (typeof regions === 'string') return DEFAULT_VERTEX_REGION;
  return regions[upstreamModel] ?? regions[requestModel] ?? regions.default ?? DEFAULT_VERTEX_REGION;
}
