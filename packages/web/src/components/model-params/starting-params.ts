import { checkModelParams, defaultParams, type ModelParamRule, type ModelParams } from '@gw/shared';
import { getModelConfig, getModelRules, showChatError } from '@/api/chat-models';

/**
 * The values the dialog starts from: the defaults, overlaid with the given values of the
 * parameters the model takes (a value saved for another family of models is dropped).
 */
export function paramsForRules(rules: readonly ModelParamRule[], given: ModelParams | null): ModelParams {
  const known = new Set(rules.map((item) => item.name));
  const kept = Object.entries(given ?? {}).filter(([name]) => known.has(name));
  return { ...defaultParams(rules), ...Object.fromEntries(kept) };
}

/**
 * The parameters a newly chosen model starts with (spec 3 §2.9): the user's saved config when it
 * is still valid for the model's rules, otherwise the defaults. Failures are shown; a model whose
 * rules cannot be read starts with no parameters (the server then uses its own defaults).
 */
export async function loadStartingParams(model: string): Promise<ModelParams> {
  let rules: ModelParamRule[];
  try {
    rules = await getModelRules(model);
  } catch (error) {
    showChatError(error);
    return {};
  }
  let saved: ModelParams | null = null;
  try {
    saved = await getModelConfig(model);
  } catch (error) {
    showChatError(error);
  }
  const params = paramsForRules(rules, saved);
  return checkModelParams(params, rules) === null ? params : defaultParams(rules);
}
