import { describe, expect, it } from 'vitest';
import { bedrockKeyProblem, parseBedrockKey } from './bedrock-key';

describe(parseBedrockKey.name, () => {
  it('reads Ak|Sk|Region, trimming each part', () => {
    expect(parseBedrockKey(' AKIDEXAMPLE | wJalr/K7MDENG+bPxRfi | us-east-1 ')).toEqual({ accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalr/K7MDENG+bPxRfi', region: 'us-east-1' });
  });

  it('reads the optional InferenceRegion', () => {
    expect(parseBedrockKey('AK|SK|eu-central-1|global')).toMatchObject({ region: 'eu-central-1', inferenceRegion: 'global' });
    expect(parseBedrockKey('AK|SK|us-gov-west-1|us-gov')).toMatchObject({ region: 'us-gov-west-1', inferenceRegion: 'us-gov' });
  });

  it.each([
    ['AK|SK', 'Ak|Sk|Region'],
    ['AK||us-east-1', 'Ak|Sk|Region'],
    ['AK|SK|us-east-1|us|extra', 'Ak|Sk|Region'],
    ['AK|SK|Virginia', '不是 AWS 区域代码'],
    ['AK|SK|us-east-1|us-west-2', '不是跨区域推理配置的前缀'],
  ])('refuses %s with a message in Chinese', (key, message) => {
    expect(() => parseBedrockKey(key)).toThrow(message);
    expect(bedrockKeyProblem(key)).toContain(message);
  });

  it('has no problem with a good key', () => {
    expect(bedrockKeyProblem('AK|SK|ap-northeast-1')).toBeUndefined();
  });
});
