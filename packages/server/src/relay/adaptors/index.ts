import { anthropicProvider } from './anthropic.adaptor';
import { azureProvider } from './azure.adaptor';
import { geminiProvider } from './gemini.adaptor';
import { AdaptorRegistry } from './registry';

/**
 * The adaptors of every provider family with an API of its own. Types not listed here use the
 * OpenAI-compatible adaptor (registry.ts).
 */
export function createAdaptorRegistry(): AdaptorRegistry {
  const registry = new AdaptorRegistry();
  registry.register([24], geminiProvider());
  registry.register([3], azureProvider());
  registry.register([14], anthropicProvider());
  return registry;
}
