import { MSG_CHAT_RENAME_REQUIRED, MSG_CHAT_RENAME_TOO_LONG, TALKING_NAME_MAX_LENGTH } from '@gw/shared';

/** Spec 3 §5 rename rules: required, at most TALKING_NAME_MAX_LENGTH characters. Returns the problem, or null. */
export function checkTalkingName(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return MSG_CHAT_RENAME_REQUIRED;
  if (Array.from(trimmed).length > TALKING_NAME_MAX_LENGTH) return MSG_CHAT_RENAME_TOO_LONG;
  return null;
}
