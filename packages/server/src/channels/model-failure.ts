/**
 * Which upstream errors speak about one model rather than the channel (DESIGN.md §5.8: "an error
 * about one model … disables that ability only"): the model does not exist at the upstream, or
 * not for this key or account. Plain functions, shared by the relay and channel tests.
 */

/** Codes and phrases that say so on their own, whatever else the message says. */
const MODEL_GONE_CODES: readonly string[] = [
  // OpenAI's error.code, and the phrase OpenAI-compatible providers use.
  'model_not_found',
  'model not found',
  '模型不存在',
  // Azure: the deployment (one model) is not there.
  'deploymentnotfound',
];

/**
 * Phrases that mean "not found" in general: about a model only when the message names it
 * (Anthropic's not_found_error "model: claude-x", Gemini's NOT_FOUND "models/gemini-x is not
 * found…", OpenAI's "The model `x` does not exist…"); a wrong base URL's 404 names no model.
 */
const NOT_FOUND_PHRASES: readonly string[] = ['not_found', 'not found', 'does not exist', 'no such model', 'unknown model'];

const mentionsAny = (lower: string, phrases: readonly string[]) => phrases.some((phrase) => lower.includes(phrase));

/**
 * The upstream said the model is not there: a 404 with a model-not-found code, or with a
 * not-found phrase naming one of `models` (the asked and the mapped name); a 400 only with an
 * explicit code (some compatible providers answer a missing model with 400). `text` is the
 * provider's message with its error code and type (relay-attempts.ts errorCodesOf).
 */
export function meansModelGone(status: number, text: string, models: readonly string[]): boolean {
  if (status !== 404 && status !== 400) return false;
  const lower = text.toLowerCase();
  if (mentionsAny(lower, MODEL_GONE_CODES)) return true;
  if (status !== 404 || !mentionsAny(lower, NOT_FOUND_PHRASES)) return false;
  return models.some((model) => model !== '' && lower.includes(model.toLowerCase()));
}
