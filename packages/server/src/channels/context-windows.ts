/**
 * Known context windows (tokens) by model family, shown in the chat's model picker with a K suffix
 * (GET /v1/models/lists `max_token`). The first matching prefix wins, so longer prefixes come
 * first; a model not listed has 0 (unknown).
 */
const CONTEXT_WINDOWS: ReadonlyArray<readonly [prefix: string, tokens: number]> = [
  ['gpt-4o', 128_000],
  ['gpt-4.1', 1_047_576],
  ['o4-mini', 200_000],
  ['o3', 200_000],
  ['claude-', 200_000],
  ['gemini-', 1_048_576],
  ['deepseek-', 65_536],
  ['qwen', 131_072],
  ['glm-4', 128_000],
];

/** The context window of a model in tokens, 0 when unknown. */
export function contextWindowOf(model: string): number {
  const name = model.toLowerCase();
  return CONTEXT_WINDOWS.find(([prefix]) => name.startsWith(prefix))?.[1] ?? 0;
}
