import { AdaptorRegistry } from './registry';

/**
 * The adaptors of every provider family with an API of its own. Types not listed here use the
 * OpenAI-compatible adaptor (registry.ts).
 */
export function createAdaptorRegistry(): AdaptorRegistry {
  const registry = new AdaptorRegistry();
  return registry;
}
