import { describe, expect, it } from 'vitest';
import { parseVertexRegions, vertexRegion } from './vertex-region';

describe(vertexRegion.name, () => {
  const map = '{"default": "us-central1", "claude-3-5-sonnet-v2@20241022": "europe-west1", "claude-asked": "us-east5"}';

  it('uses a plain region for every model', () => {
    expect(vertexRegion(' global ', 'gemini-2.5-pro', 'gemini-2.5-pro')).toBe('global');
  });

  it("takes a model's own entry of the map (the upstream name first, then the requested one), else the default", () => {
    expect(vertexRegion(map, 'claude-3-5-sonnet-v2@20241022', 'claude-3-5-sonnet')).toBe('europe-west1');
    expect(vertexRegion(map, 'claude-mapped@1', 'claude-asked')).toBe('us-east5');
    expect(vertexRegion(map, 'gemini-2.5-pro', 'gemini-2.5-pro')).toBe('us-central1');
  });

  it('falls back to us-central1 when nothing names a region', () => {
    expect(vertexRegion('', 'gemini-2.5-pro', 'gemini-2.5-pro')).toBe('us-central1');
    expect(vertexRegion('{"claude-x": "europe-west1"}', 'gemini-2.5-pro', 'gemini-2.5-pro')).toBe('us-central1');
  });
});

describe(parseVertexRegions.name, () => {
  it('accepts a region or a map of regions', () => {
    expect(parseVertexRegions('europe-west1')).toEqual({ default: 'europe-west1' });
    expect(parseVertexRegions('{"default": "global", "claude-x": "us-east5"}')).toEqual({ default: 'global', 'claude-x': 'us-east5' });
  });

  it.each(['{"default": 1}', '{"default": "us-central1"', '["us-central1"]', 'us central1', '{"x": "https://evil.example/"}'])('refuses %s with a message', (other) => {
    expect(parseVertexRegions(other)).toEqual(expect.stringContaining('Vertex AI 区域'));
  });
});
