import { ADDRESS_OPTION_KEYS, isOptionKey, OPTION_DEFINITIONS, OptionDefinition, OptionKey, stripTrailingSlashes } from './options';
import { priceTiersProblem } from './price-tiers';

export type OptionCheck = { ok: true; value: string } | { ok: false; message: string };

/** The SMTP port on which SSL is forced on (spec 1 §5). */
export const SMTPS_PORT = '465';

const MAX_PORT = 65535;

/** Payment keys that need the server address first (spec 1 §5). */
const PAYMENT_KEYS: readonly OptionKey[] = ['EpayId', 'EpayKey', 'PayAddress'];

/**
 * Checks one option value against the rules of spec 1 §5 and returns it normalised (trailing slashes
 * stripped from addresses, numbers trimmed). `current` gives the other options, for rules that look
 * across keys. The server enforces this; the console runs the same function before it saves.
 */
export function checkOptionValue(key: string, raw: unknown, current: (key: OptionKey) => string): OptionCheck {
  if (!isOptionKey(key)) return { ok: false, message: `未知的配置项：${key}` };
  if (typeof raw !== 'string') return { ok: false, message: `配置项 ${key} 的值必须是字符串` };
  const definition: OptionDefinition = OPTION_DEFINITIONS[key];
  let value = raw;
  switch (definition.kind) {
    case 'boolean':
      if (value !== 'true' && value !== 'false') return { ok: false, message: `配置项 ${key} 只能是 true 或 false` };
      break;
    case 'int':
    case 'float': {
      value = value.trim();
      const number = Number(value);
      const pattern = definition.kind === 'int' ? /^-?\d+$/ : /^-?\d+(\.\d+)?$/;
      if (!pattern.test(value) || !Number.isFinite(number)) {
        return { ok: false, message: `配置项 ${key} 必须是${definition.kind === 'int' ? '整数' : '数字'}` };
      }
      const min = definition.min;
      if (min !== undefined && number < min) return { ok: false, message: `配置项 ${key} 不能小于 ${min}` };
      // Quotas and counts are stored in bigint columns and read as JS numbers.
      if (definition.kind === 'int' && !Number.isSafeInteger(number)) return { ok: false, message: `配置项 ${key} 的数值过大` };
      if (key === 'SMTPPort' && number > MAX_PORT) return { ok: false, message: `配置项 ${key} 不能大于 ${MAX_PORT}` };
      break;
    }
    case 'json': {
      const message = definition.jsonMessage ?? '不是合法的 JSON 字符串';
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        return { ok: false, message };
      }
      const shapeOk = definition.json === 'array' ? Array.isArray(parsed) : typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
      if (!shapeOk) return { ok: false, message };
      const valueType = definition.jsonValues;
      if (valueType === 'price-tiers') {
        const problem = priceTiersProblem(parsed);
        if (problem) return { ok: false, message: problem };
      } else if (valueType && Object.values(parsed as object).some((item) => typeof item !== valueType || (valueType === 'number' && !(item >= 0)))) {
        return { ok: false, message };
      }
      break;
    }
    case 'url':
      value = stripTrailingSlashes(value.trim());
      if (value !== '' && !/^https?:\/\/[^\s/]+/i.test(value)) return { ok: false, message: `配置项 ${key} 必须是 http:// 或 https:// 开头的地址` };
      break;
    case 'string': {
      const oneOf = definition.oneOf;
      if (oneOf && !oneOf.includes(value)) return { ok: false, message: `配置项 ${key} 只能是 ${oneOf.join('、')}` };
      break;
    }
  }
  if (ADDRESS_OPTION_KEYS.includes(key)) value = stripTrailingSlashes(value);
  // SSL is forced on the SMTPS port (spec 1 §5), so it cannot be turned off while the port is 465.
  if (key === 'SMTPSSLEnabled' && value === 'false' && current('SMTPPort') === SMTPS_PORT) {
    return { ok: false, message: `SMTP 端口为 ${SMTPS_PORT} 时必须启用 SSL` };
  }
  if (PAYMENT_KEYS.includes(key) && value !== '' && current('ServerAddress') === '') {
    return { ok: false, message: '请先填写服务器地址' };
  }
  return { ok: true, value };
}
