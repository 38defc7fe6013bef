/**
 * Checks every request's parsed input once, before any code walks it recursively (class-transformer,
 * JSON.stringify, the token counter) or hands its text to PostgreSQL, which refuses NUL characters;
 * and, by the same limit, JSON the server parses out of text later (nestedTooDeep).
 */

/** Far deeper than any real request (a JSON schema in a tool definition included). */
export const MAX_INPUT_DEPTH = 128;

export const MSG_TOO_DEEP = '请求体嵌套层级过深';
/** The same limit, for JSON the server parses out of text it was given (files, fields holding JSON, upstream answers). */
export const MSG_JSON_TOO_DEEP = `JSON 嵌套超过 ${MAX_INPUT_DEPTH} 层`;
export const MSG_NUL = '参数中不能包含空字符';
export const MSG_OUT_OF_RANGE = '数值超出范围';

export interface InputRules {
  /** Refuse strings (and keys) with a NUL character. */
  nul: boolean;
  /** Refuse numbers that are not finite or are integers beyond ±(2^53 − 1), which no column stores exactly. */
  numbers: boolean;
}

const unsafeNumber = (value: number): boolean => !Number.isFinite(value) || (Number.isInteger(value) && !Number.isSafeInteger(value));

/**
 * The first problem of a parsed value, or undefined. Walks with its own stack, so a value nested
 * 100,000 levels deep is reported rather than overflowing the call stack. Every relay call's body
 * goes through here: values and their depths are kept in two arrays, not an object per node.
 */
export function inputProblem(value: unknown, rules: InputRules = { nul: true, numbers: true }): string | undefined {
  const values: unknown[] = [value];
  const depths: number[] = [0];
  while (values.length > 0) {
    const current = values.pop();
    const depth = depths.pop()!;
    if (typeof current === 'string') {
      if (rules.nul && current.includes('\u0000')) return MSG_NUL;
    } else if (typeof current === 'number') {
      if (rules.numbers && unsafeNumber(current)) return MSG_OUT_OF_RANGE;
    } else if (typeof current === 'object' && current !== null && !ArrayBuffer.isView(current)) {
      // Bytes (a Parquet file's binary cells) are a leaf, not an object of one key per byte.
      if (depth >= MAX_INPUT_DEPTH) return MSG_TOO_DEEP;
      if (Array.isArray(current)) {
        for (const child of current) {
          values.push(child);
          depths.push(depth + 1);
        }
        continue;
      }
      for (const key in current) {
        if (!Object.hasOwn(current, key)) continue;
        if (rules.nul && key.includes('\u0000')) return MSG_NUL;
        values.push((current as Record<string, unknown>)[key]);
        depths.push(depth + 1);
      }
    }
  }
  return undefined;
}

/**
 * Whether a value parsed from text (JSON.parse does not recurse) nests deeper than the request
 * body may: what JSON.stringify, a jsonb column or any recursive walk would overflow the stack on.
 */
export const nestedTooDeep = (value: unknown): boolean => inputProblem(value, { nul: false, numbers: false }) !== undefined;
