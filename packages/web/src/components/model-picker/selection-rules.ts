import {
  CHAT_MAX_MODELS,
  MSG_CHAT_KEEP_ONE_MODEL,
  MSG_CHAT_MODEL_DUPLICATE,
  MSG_CHAT_NO_MULTIMODAL_TO_TEXT,
  MSG_CHAT_TOO_MANY_MODELS,
  type ChatModelView,
} from '@gw/shared';

/**
 * The rules of a model selection (spec 3 §5): at most CHAT_MAX_MODELS, no duplicates, at least one
 * left, no swap from a multimodal model to a text-only one. Each returns the refusal to show, or null.
 */

export function refuseAdd(selected: readonly string[], model: ChatModelView): string | null {
  if (selected.includes(model.name)) return MSG_CHAT_MODEL_DUPLICATE(model.name);
  if (selected.length >= CHAT_MAX_MODELS) return MSG_CHAT_TOO_MANY_MODELS;
  return null;
}

/** `others` are the selected names except the one being replaced. */
export function refuseReplace(current: ChatModelView, others: readonly string[], next: ChatModelView): string | null {
  if (others.includes(next.name)) return MSG_CHAT_MODEL_DUPLICATE(next.name);
  if (current.is_viewable && !next.is_viewable) return MSG_CHAT_NO_MULTIMODAL_TO_TEXT;
  return null;
}

export function refuseRemove(selectedCount: number): string | null {
  return selectedCount <= 1 ? MSG_CHAT_KEEP_ONE_MODEL : null;
}
