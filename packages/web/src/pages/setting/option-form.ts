import {
  ADDRESS_OPTION_KEYS,
  MSG_NOTHING_CHANGED,
  OPTION_DEFINITIONS,
  OPTION_KEYS,
  checkOptionValue,
  isOptionKey,
  stripTrailingSlashes,
  type OptionDefinition,
  type OptionKey,
} from '@gw/shared';
import { updateOption, type OptionRecord } from '@/api/options';
import { OPTION_LABELS } from './option-labels';

/** The value of every option as the page edits it (strings, booleans 'true' / 'false'). */
export type OptionValues = Record<OptionKey, string>;

export interface OptionChange {
  key: OptionKey;
  value: string;
}

/** The first thing wrong with a card's input, and the field it is about. */
export interface OptionProblem {
  key: OptionKey;
  message: string;
}

export interface SaveSummary {
  level: 'success' | 'warning' | 'error';
  message: string;
  /** The changes the server accepted. */
  saved: OptionChange[];
}

export const MSG_SERVER_ADDRESS_REQUIRED = '请先填写服务器地址';
export const MSG_CHECK_INPUT = '请检查输入';
export const MSG_SAVED = '保存成功';
export const MSG_PARTLY_FAILED = '部分保存失败，请重试';
export const MSG_SAVE_FAILED = '保存失败，请重试';

/** SMTP over port 465 is implicit TLS, so SSL is forced on for it (spec 1 §5). */
export const SMTP_SSL_PORT = '465';

/** Payment options: the payment callbacks are built from the server address, which must be set first. */
export const PAYMENT_OPTION_KEYS: readonly OptionKey[] = [
  'EpayId',
  'EpayKey',
  'Price',
  'MinTopUp',
  'TopupGroupRatio',
  'PayAddress',
  'CustomCallbackAddress',
  'TopUpLink',
  'StripeApiSecret',
  'StripeWebhookSecret',
  'StripeUnitPrice',
];

export function definitionOf(key: OptionKey): OptionDefinition {
  return OPTION_DEFINITIONS[key];
}

export const isSecretOption = (key: OptionKey): boolean => definitionOf(key).secret === true;

/** JSON options are edited indented; text that does not parse is left as it is. */
function formatJson(value: string): string {
  try {
    return JSON.stringify(JSON.parse(value), null, 2);
  } catch {
    return value;
  }
}

/** Every option with its default, overwritten by what the server listed; JSON options indented. */
export function optionValuesFromRecords(records: readonly OptionRecord[]): OptionValues {
  const values = Object.fromEntries(OPTION_KEYS.map((key) => [key, definitionOf(key).default])) as OptionValues;
  for (const { key, value } of records) {
    if (isOptionKey(key)) values[key] = value ?? '';
  }
  for (const key of OPTION_KEYS) {
    if (definitionOf(key).kind === 'json') values[key] = formatJson(values[key]);
  }
  return values;
}

/**
 * The options of `edited` whose value differs from `original`. A secret option is listed by the
 * server as '' and is only sent when the administrator typed a value.
 */
export function changedOptions(original: OptionValues, edited: Partial<OptionValues>): OptionChange[] {
  const changes: OptionChange[] = [];
  for (const key of Object.keys(edited) as OptionKey[]) {
    const value = edited[key];
    if (value === undefined) continue;
    const changed = isSecretOption(key) ? value !== '' : value !== original[key];
    if (changed) changes.push({ key, value });
  }
  return changes;
}

function numberProblem(key: OptionKey, definition: OptionDefinition, value: string): string | null {
  const label = OPTION_LABELS[key];
  const trimmed = value.trim();
  const n = Number(trimmed);
  if (trimmed === '' || !Number.isFinite(n)) return `${label}必须是数字`;
  if (definition.kind === 'int' && !Number.isInteger(n)) return `${label}必须是整数`;
  if (definition.min !== undefined && n < definition.min) return `${label}不能小于 ${definition.min}`;
  return null;
}

function valueProblem(key: OptionKey, value: string): string | null {
  const definition = definitionOf(key);
  if (definition.secret && value === '') return null;
  switch (definition.kind) {
    case 'json': {
      // The server's own rule (spec 1 §5): the shape, what each value must be (ratios numbers of at
      // least 0, long-context prices lists of tiers), and its message. No JSON rule looks at other options.
      const check = checkOptionValue(key, value, () => '');
      return check.ok ? null : check.message;
    }
    case 'int':
    case 'float':
      return numberProblem(key, definition, value);
    default:
      if (definition.oneOf && !definition.oneOf.includes(value)) {
        return `${OPTION_LABELS[key]}只能是 ${definition.oneOf.join('、')}`;
      }
      return null;
  }
}

/** The first problem with the options a card saves (spec 1 §5), or null when they can be saved. */
export function validateOptions(keys: readonly OptionKey[], values: OptionValues): OptionProblem | null {
  if (keys.some((key) => PAYMENT_OPTION_KEYS.includes(key)) && values.ServerAddress.trim() === '') {
    return { key: 'ServerAddress', message: MSG_SERVER_ADDRESS_REQUIRED };
  }
  for (const key of keys) {
    const message = valueProblem(key, values[key]);
    if (message) return { key, message };
  }
  return null;
}

/** Strips trailing slashes from the addresses and forces SMTP SSL on for port 465. */
export function normalizeOptions(values: OptionValues): OptionValues {
  const normalized = { ...values };
  for (const key of ADDRESS_OPTION_KEYS) normalized[key] = stripTrailingSlashes(normalized[key]);
  if (normalized.SMTPPort.trim() === SMTP_SSL_PORT) normalized.SMTPSSLEnabled = 'true';
  return normalized;
}

export function pickOptions(values: OptionValues, keys: readonly OptionKey[]): Partial<OptionValues> {
  return Object.fromEntries(keys.map((key) => [key, values[key]])) as Partial<OptionValues>;
}

export type SavePlan = { problem: OptionProblem } | { problem: null; normalized: OptionValues; changes: OptionChange[] };

/** What saving a card would do: its first problem, or the normalized values and the changes to send. */
export function planSave(keys: readonly OptionKey[], original: OptionValues, edited: OptionValues): SavePlan {
  const problem = validateOptions(keys, edited);
  if (problem) return { problem };
  const normalized = normalizeOptions(edited);
  return { problem: null, normalized, changes: changedOptions(original, pickOptions(normalized, keys)) };
}

export type OptionUpdater = (key: OptionKey, value: string) => Promise<boolean>;

const updateOnServer: OptionUpdater = async (key, value) => {
  try {
    return (await updateOption(key, value)).success;
  } catch {
    return false;
  }
};

/** Sends one PUT per change and sums the outcome up in the spec's words (spec 1 §4, §8). */
export async function saveOptions(changes: readonly OptionChange[], update: OptionUpdater = updateOnServer): Promise<SaveSummary> {
  if (changes.length === 0) return { level: 'warning', message: MSG_NOTHING_CHANGED, saved: [] };
  const results = await Promise.all(changes.map((change) => update(change.key, change.value)));
  const saved = changes.filter((_, index) => results[index]);
  if (saved.length === changes.length) return { level: 'success', message: MSG_SAVED, saved };
  return { level: 'error', message: saved.length === 0 ? MSG_SAVE_FAILED : MSG_PARTLY_FAILED, saved };
}
