import type { RunColumn } from './run-plan';

/**
 * What one sample is asked as, and what it is scored against. A sample's input is the text of its
 * asked field; a multiple-choice item (an `options` list of {key, value}) shows its options under
 * the question, and its reference is the choice letter.
 */
export interface SampleInput {
  input: string;
  reference: string;
  choice: boolean;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Text of a field value: strings as they are, numbers and booleans written out, anything else as JSON. */
export function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** A reference that is a single letter is a choice letter (a file's multiple-choice rows). */
const CHOICE_LETTER = /^[A-J]$/i;

/** A data-market sample (its record body) asked on `field`. */
export function datasetSample(body: Json, field: string): SampleInput {
  let input = textOf(body[field]);
  const options = Array.isArray(body.options) ? body.options.filter(isObject) : [];
  const lettered = options.filter((option) => typeof option.key === 'string' && option.key.trim() !== '');
  if (lettered.length > 0) input += '\n' + lettered.map((option) => `${String(option.key)}. ${textOf(option.value)}`).join('\n');
  const reference = textOf(body.answer).trim();
  return { input, reference, choice: reference !== '' && (lettered.length > 0 || CHOICE_LETTER.test(reference)) };
}

/** A row of a file of the library asked on `field` (its first field when none is named); `answer` is its reference. */
export function fileSample(row: Record<string, string>, field: string): SampleInput {
  const name = field && field in row ? field : (Object.keys(row)[0] ?? '');
  const reference = (row.answer ?? '').trim();
  return { input: row[name] ?? '', reference, choice: CHOICE_LETTER.test(reference) };
}

/** The places of a prompt where the sample goes (the editor's context reference, and plain forms). */
const SAMPLE_PLACES = /\{\{\s*(?:#context#|#sys\.query#|input|query|question|context)\s*\}\}/g;
const NAMES_A_PLACE = new RegExp(SAMPLE_PLACES.source);

/**
 * The messages a column asks a sample with: the system prompt, then the user prompt with the sample
 * put where it names it, or after it when it names no place; the sample alone without a user prompt.
 */
export function messagesFor(column: Pick<RunColumn, 'system' | 'user'>, input: string): Array<{ role: 'system' | 'user'; content: string }> {
  const place = (text: string) => text.replace(SAMPLE_PLACES, () => input);
  const messages: Array<{ role: 'system' | 'user'; content: string }> = [];
  if (column.system.trim() !== '') messages.push({ role: 'system', content: place(column.system) });
  const user = column.user.trim() === '' ? input : NAMES_A_PLACE.test(column.user) ? place(column.user) : `${column.user}\n\n${input}`;
  messages.push({ role: 'user', content: user });
  return messages;
}
