/** Vertex AI: its keys are service-account JSON objects, several of them possibly as one JSON array. */
export const VERTEX_TYPE = 41;

/** The keys typed in the key field, each once, in the order typed. */
export interface DetectedKeys {
  /** Trimmed; a Vertex array's elements as their JSON text. */
  keys: string[];
  /** How many entries repeated an earlier one and were dropped. */
  duplicates: number;
  /** Vertex: the field holds a JSON array, each element one key. */
  jsonArray: boolean;
  /** Vertex: the field starts like a JSON array but is not one. */
  invalidArray: boolean;
}

function dedupe(entries: string[], jsonArray: boolean): DetectedKeys {
  const keys = [...new Set(entries)];
  return { keys, duplicates: entries.length - keys.length, jsonArray, invalidArray: false };
}

/**
 * Reads the key field: one key per non-empty line, or for Vertex a JSON array of service accounts.
 * The server trims and deduplicates too; the form does it first so that the count it shows is what
 * will be saved.
 */
export function detectKeys(type: number, text: string): DetectedKeys {
  const trimmed = text.trim();
  if (type === VERTEX_TYPE && trimmed.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (Array.isArray(parsed)) return dedupe(parsed.map((item) => (typeof item === 'string' ? item.trim() : JSON.stringify(item))).filter(Boolean), true);
    } catch {
      // Reported below: an array the admin meant but mistyped must not become one key per line.
    }
    return { keys: [], duplicates: 0, jsonArray: true, invalidArray: true };
  }
  return dedupe(
    trimmed
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== ''),
    false,
  );
}

/** The keys one per line: what batch create and updates take (a Vertex key's JSON text is one line). */
export const keysAsLines = (detected: DetectedKeys) => detected.keys.join('\n');

/** The keys as a multi-key create takes them: a Vertex array stays an array, lines stay lines. */
export const keysForMultiCreate = (detected: DetectedKeys) => (detected.jsonArray ? `[${detected.keys.join(',')}]` : keysAsLines(detected));

/** The line under the key field: how many keys the field holds and how many repeats were dropped. */
export function keyCountText(detected: DetectedKeys): string {
  const count = `检测到 ${detected.keys.length} 个密钥`;
  return detected.duplicates > 0 ? `${count}，已去除 ${detected.duplicates} 个重复密钥` : count;
}
