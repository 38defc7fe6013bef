import type { ProviderAdaptor } from './adaptor';
import { openAiProvider } from './openai.adaptor';

/**
 * Channel type → adaptor (STYLE.md): the OpenAI-compatible family is the default; provider
 * families with their own API register their type here.
 */
export class AdaptorRegistry {
  private readonly byType = new Map<number, ProviderAdaptor>();
  private readonly fallback = openAiProvider();

  register(types: readonly number[], adaptor: ProviderAdaptor): void {
    for (const type of types) this.byType.set(type, adaptor);
  }

  forType(type: number): ProviderAdaptor {
    return this.byType.get(type) ?? this.fallback;
  }
}
