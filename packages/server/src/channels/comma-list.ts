/** Splits a comma (or newline) separated list: trimmed, empties dropped, duplicates removed, order kept. */
export function splitList(value: string | readonly string[] | undefined | null): string[] {
  const parts = Array.isArray(value) ? value : String(value ?? '').split(/[,\n]/);
  return [...new Set(parts.map((part) => String(part).trim()).filter(Boolean))];
}

export const joinList = (items: readonly string[]): string => items.join(',');
