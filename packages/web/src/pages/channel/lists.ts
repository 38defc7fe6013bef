/** Splits a comma-joined list (channel group, models), trimming names and dropping empty ones. */
export function splitList(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** Joins names for the API, without blanks or repeats. */
export function joinList(items: readonly string[]): string {
  return unique(items.map((item) => item.trim()).filter((item) => item !== '')).join(',');
}

/** The items in first-seen order, each once. */
export function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}
