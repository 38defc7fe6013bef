import { anthropicProvider } from './anthropic.adaptor';
import { azureProvider } from './azure.adaptor';
import { bedrockProvider } from './bedrock.adaptor';
import { cohereProvider } from './cohere.adaptor';
import { difyProvider } from './dify.adaptor';
import { geminiProvider } from './gemini.adaptor';
import { openAiProvider } from './openai.adaptor';
import { qianfanProvider } from './qianfan.adaptor';
import { AdaptorRegistry } from './registry';
import { azureResponsesAdaptor, openAiResponsesAdaptor } from './responses.adaptor';
import { vertexProvider } from './vertex.adaptor';

/**
 * The adaptors of every provider family with an API of its own. Types not listed here use the
 * OpenAI-compatible adaptor (registry.ts).
 */
export function createAdaptorRegistry(): AdaptorRegistry {
  const registry = new AdaptorRegistry();
  registry.register([24], geminiProvider());
  registry.register([3], { ...azureProvider(), responses: azureResponsesAdaptor() });
  // OpenAI's own API also speaks Responses; compatible providers are reached through chat completions.
  registry.register([1], { ...openAiProvider(), responses: openAiResponsesAdaptor() });
  registry.register([14], anthropicProvider());
  registry.register([33], bedrockProvider());
  registry.register([34], cohereProvider());
  registry.register([15], qianfanProvider());
  registry.register([37], difyProvider());
  registry.register([41], vertexProvider());
  return registry;
}
