/** The text of the field value shapes (spec 3 §3 "Field value shapes"), before formatting. */

/** Below this many characters a text is shown in full, with no clamp and no tooltip. */
export const SHORT_TEXT_LENGTH = 50;

export function toText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object') {
    try {
      return JSON.stringify(value);
    } catch {
      return String(value);
    }
  }
  return String(value);
}

/**
 * A line of an array or object value. The label stays apart from the text: through markdown,
 * "2. 上海" would become a numbered list and lose its number.
 */
export interface ValueLine {
  label: string;
  text: string;
}

/** Array items: `{value, key?}` as 'key. value' (a running number when there is no key); dialogue turns as 'role: content'; other items numbered. */
export function arrayLines(items: unknown[]): ValueLine[] {
  return items.map((item, index) => {
    if (typeof item === 'object' && item !== null && !Array.isArray(item) && 'value' in item) {
      const { key, value } = item as { key?: unknown; value: unknown };
      const label = key === undefined || key === null || key === '' ? String(index + 1) : toText(key);
      return { label: `${label}. `, text: toText(value) };
    }
    // A dialogue turn ({role, content}) reads as "user: …"; another object as its own pairs.
    if (isObject(item) && typeof item.role === 'string' && 'content' in item) return { label: `${item.role}: `, text: toText(item.content) };
    if (isObject(item)) return { label: `${index + 1}. `, text: objectLines(item).map((line) => line.label + line.text).join('；') };
    return { label: `${index + 1}. `, text: toText(item) };
  });
}

/** Object pairs as 'key: value', array values joined by commas. */
export function objectLines(value: Record<string, unknown>): ValueLine[] {
  return Object.entries(value).map(([key, item]) => ({ label: `${key}: `, text: Array.isArray(item) ? item.map(toText).join(', ') : toText(item) }));
}

export const linesLength = (lines: ValueLine[]) => lines.reduce((total, line) => total + line.label.length + line.text.length + 1, 0);

export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
