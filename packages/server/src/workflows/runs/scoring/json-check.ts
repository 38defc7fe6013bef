import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { linearRegExp } from './linear-regex';

/**
 * The json scorer's checks: an answer's JSON (the whole answer, or its one fenced block) and a
 * JSON Schema compiled once per run. One Ajv instance serves every run; compiled schemas are not
 * kept in it (`addUsedSchema: false` and removed after compiling), so that runs neither see each
 * other's `$id`s nor pile up in its cache.
 */
const ajv = new Ajv({
  allErrors: false,
  strict: false,
  addUsedSchema: false,
  // No format validators are loaded, so `format` is ignored rather than warned about per schema.
  validateFormats: false,
  logger: false,
  code: { regExp: linearRegExp },
});

const ERROR_MAX = 200;

function short(text: string): string {
  return text.length > ERROR_MAX ? `${text.slice(0, ERROR_MAX)}…` : text;
}

export type SchemaCheck = (data: unknown) => { valid: boolean; error: string };

/** "/age must be integer": where, and what is wrong. */
function firstProblem(errors: ErrorObject[] | null | undefined): string {
  const first = errors?.[0];
  return first ? short(`${first.instancePath || '/'} ${first.message ?? first.keyword}`) : '';
}

/** Compiles a JSON Schema (draft-07); throws an Error with ajv's first problem, shortened, when it is invalid. */
export function compileSchema(schema: Record<string, unknown>): SchemaCheck {
  let validate: ValidateFunction;
  try {
    // Checked first on its own, so that only the first of the meta-schema's complaints is shown.
    if (!ajv.validateSchema(schema)) throw new Error(firstProblem(ajv.errors) || 'invalid schema');
    validate = ajv.compile(schema);
  } catch (error) {
    throw new Error(short(error instanceof Error ? error.message : String(error)));
  } finally {
    ajv.removeSchema(schema);
  }
  return (data) => (validate(data) ? { valid: true, error: '' } : { valid: false, error: firstProblem(validate.errors) || '不符合 JSON Schema' });
}

/** An opening fence: ``` or ```json, nothing else on the line. */
const OPENING_FENCE = /^```[ \t]*(json)?[ \t]*$/i;

/** The content of the answer's only ``` or ```json block, or null when there is none or more than one. */
function fencedBlock(answer: string): string | null {
  const lines = answer.split('\n');
  const blocks: string[] = [];
  let open = -1;
  for (let at = 0; at < lines.length; at += 1) {
    const line = lines[at].trim();
    if (!line.startsWith('```')) continue;
    if (open < 0) open = at;
    else if (line === '```') {
      if (OPENING_FENCE.test(lines[open].trim())) blocks.push(lines.slice(open + 1, at).join('\n'));
      open = -1;
    }
  }
  return blocks.length === 1 ? blocks[0] : null;
}

function parsed(text: string): { ok: true; data: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, data: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error: short(`不是有效的 JSON：${error instanceof Error ? error.message : String(error)}`) };
  }
}

/** The answer as JSON: the whole answer, else the content of its only ```json (or ```) block. */
export function parseAnswerJson(answer: string): { ok: true; data: unknown } | { ok: false; error: string } {
  const whole = answer.trim();
  if (whole === '') return { ok: false, error: '回答为空' };
  const direct = parsed(whole);
  if (direct.ok) return direct;
  const block = fencedBlock(whole);
  return block === null ? direct : parsed(block);
}
