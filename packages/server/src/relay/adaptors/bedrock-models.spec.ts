import { describe, expect, it } from 'vitest';
import { bedrockModelId } from './bedrock-models';

describe(bedrockModelId.name, () => {
  it.each([
    ['claude-sonnet-4-5-20250929', 'us-east-1', 'us.anthropic.claude-sonnet-4-5-20250929-v1:0'],
    ['claude-sonnet-4-5', 'us-west-2', 'us.anthropic.claude-sonnet-4-5-20250929-v1:0'],
    ['claude-sonnet-4-5', 'eu-central-1', 'eu.anthropic.claude-sonnet-4-5-20250929-v1:0'],
    ['claude-haiku-4-5', 'ap-northeast-1', 'apac.anthropic.claude-haiku-4-5-20251001-v1:0'],
    ['claude-3-5-sonnet-20241022', 'us-east-1', 'us.anthropic.claude-3-5-sonnet-20241022-v2:0'],
    ['claude-sonnet-4-6', 'eu-west-1', 'eu.anthropic.claude-sonnet-4-6'],
  ])('%s in %s goes through the region’s cross-region profile: %s', (model, region, id) => {
    expect(bedrockModelId(model, region)).toBe(id);
  });

  it('calls the foundation model in-region when no profile of the region serves it', () => {
    // Claude Opus 4.1 has a US profile only; ca-central-1 belongs to no profile geography.
    expect(bedrockModelId('claude-opus-4-1', 'eu-west-1')).toBe('anthropic.claude-opus-4-1-20250805-v1:0');
    expect(bedrockModelId('claude-3-haiku-20240307', 'ca-central-1')).toBe('anthropic.claude-3-haiku-20240307-v1:0');
  });

  it('uses the InferenceRegion of the key instead of the region’s geography', () => {
    expect(bedrockModelId('claude-sonnet-4-5', 'us-east-1', 'global')).toBe('global.anthropic.claude-sonnet-4-5-20250929-v1:0');
  });

  it('sends a Bedrock id, profile id or ARN from the model mapping as it is', () => {
    for (const id of ['anthropic.claude-3-haiku-20240307-v1:0', 'eu.anthropic.claude-sonnet-4-20250514-v1:0', 'arn:aws:bedrock:us-east-1:123456789012:application-inference-profile/abc123']) {
      expect(bedrockModelId(id, 'us-east-1', 'global')).toBe(id);
    }
  });

  it('sends an unknown name unchanged, for Bedrock to judge', () => {
    expect(bedrockModelId('my-provisioned-model', 'us-east-1')).toBe('my-provisioned-model');
  });
});
