/** An AWS Claude channel's credentials (spec 2 §5: `Ak|Sk|Region|InferenceRegion`, the last part optional). */
export interface BedrockKey {
  accessKeyId: string;
  secretAccessKey: string;
  /** The AWS region whose Bedrock Runtime is called, e.g. us-east-1. */
  region: string;
  /** The cross-region inference profile to use (us, eu, apac, global…) instead of the one the region implies. */
  inferenceRegion?: string;
}

export const BEDROCK_KEY_FORMAT_MESSAGE = 'AWS Claude 密钥格式为 Ak|Sk|Region|InferenceRegion（InferenceRegion 可省略），例如 AKIA…|wJalr…|us-east-1';

const REGION = /^[a-z]{2}(-[a-z]+)+-\d{1,2}$/;
/** An inference profile prefix: us, eu, apac, jp, au, global, us-gov… */
const PROFILE = /^[a-z]+(-[a-z]+)?$/;

/** Parses a channel key; throws an Error whose message says what is wrong, in the console's language. */
export function parseBedrockKey(key: string): BedrockKey {
  const parts = key.split('|').map((part) => part.trim());
  if ((parts.length !== 3 && parts.length !== 4) || !parts.every(Boolean)) throw new Error(BEDROCK_KEY_FORMAT_MESSAGE);
  const [accessKeyId, secretAccessKey, region, inferenceRegion] = parts;
  if (!REGION.test(region)) throw new Error(`AWS Claude 密钥中的 Region「${region}」不是 AWS 区域代码（例如 us-east-1、eu-central-1、ap-northeast-1）`);
  if (inferenceRegion !== undefined && !PROFILE.test(inferenceRegion)) {
    throw new Error(`AWS Claude 密钥中的 InferenceRegion「${inferenceRegion}」不是跨区域推理配置的前缀（例如 us、eu、apac、global）`);
  }
  return { accessKeyId, secretAccessKey, region, ...(inferenceRegion ? { inferenceRegion } : {}) };
}

/** The key format check of the channel form: the message for a key that does not fit, else undefined. */
export function bedrockKeyProblem(key: string): string | undefined {
  try {
    parseBedrockKey(key);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}
