/**
 * Channel types whose upstream reports the balance in yuan (Moonshot, SiliconCloud, DeepSeek);
 * every other balance is in US dollars.
 */
const YUAN_BALANCE_TYPES: ReadonlySet<number> = new Set([25, 40, 43]);

export function formatBalance(type: number, balance: number): string {
  return `${YUAN_BALANCE_TYPES.has(type) ? '¥' : '$'}${(balance ?? 0).toFixed(2)}`;
}
