/**
 * Top-up pricing in whole fen (spec 2 §5, spec 1 §3): money = amount × Price × TopupGroupRatio of
 * the user's group, rounded half up to the fen. Worked in exact decimals (bigint), never in binary
 * floating point: 3 × 7.3 is 21.90 yuan, not 21.899999999999995.
 */

interface Decimal {
  units: bigint;
  /** The value is units / 10^scale. */
  scale: number;
}

const DECIMAL = /^(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i;
/** No option holds a number this fine or this large; beyond it a value is refused rather than worked out. */
const MAX_EXPONENT = 30;

/** A non-negative decimal from its text ("7.3", "0.95", "1e-3"), exactly; undefined when it is none. */
function parseDecimal(text: string): Decimal | undefined {
  const match = DECIMAL.exec(text.trim());
  if (!match) return undefined;
  const fraction = match[2] ?? '';
  const exponent = Number(match[3] ?? 0);
  if (Math.abs(exponent) > MAX_EXPONENT) return undefined;
  let units = BigInt(match[1] + fraction);
  let scale = fraction.length - exponent;
  if (scale < 0) {
    units *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { units, scale };
}

/** A JSON number as the decimal it was written as (JavaScript prints the shortest exact form: 0.95, 1e-7). */
const numberToDecimal = (value: number): Decimal | undefined => (Number.isFinite(value) && value >= 0 ? parseDecimal(String(value)) : undefined);

/**
 * What `amount` dollars cost in fen at `price` yuan a dollar (the Price option's text) and `ratio`
 * (the group's top-up ratio), rounded half up. Undefined when the price is no decimal.
 */
export function priceInFen(amount: number, price: string, ratio: number): number | undefined {
  const p = parseDecimal(price);
  const r = numberToDecimal(ratio);
  if (!p || !r || !Number.isSafeInteger(amount) || amount < 0) return undefined;
  const numerator = BigInt(amount) * p.units * r.units * 100n;
  const denominator = 10n ** BigInt(p.scale + r.scale);
  const fen = (numerator * 2n + denominator) / (2n * denominator);
  return fen <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(fen) : undefined;
}

/** Fen as yuan text with two decimals, the way Epay's `money` is written: 730 → "7.30". */
export function formatYuan(fen: number): string {
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** Epay's `money` text ("7.30", "7.3", "7") in fen; undefined when it is no amount of money. */
export function parseYuan(text: string): number | undefined {
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * The group's top-up ratio from the TopupGroupRatio option: missing, zero or not a number counts
 * as 1 (a ratio of 0 would make top-up free; the option's default lists every group at 1).
 */
export function topupGroupRatio(ratios: unknown, group: string): number {
  const value = typeof ratios === 'object' && ratios !== null && Object.hasOwn(ratios, group) ? (ratios as Record<string, unknown>)[group] : undefined;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 1;
}
