import { createHash, timingSafeEqual } from 'node:crypto';

/** Parameters that Epay leaves out of what it signs. */
const UNSIGNED = new Set(['sign', 'sign_type']);

/**
 * Epay's MD5 signature (彩虹易支付 and the gateways speaking its protocol): every parameter except
 * `sign`, `sign_type` and empty values, sorted by name, joined as `k=v&k=v`, followed directly by
 * the merchant key; lowercase hex.
 */
export function epaySign(params: Readonly<Record<string, string>>, key: string): string {
  const signed = Object.keys(params)
    .filter((name) => !UNSIGNED.has(name) && params[name] !== '')
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
  return createHash('md5').update(signed + key, 'utf8').digest('hex');
}

/** Whether `params.sign` is the signature of the other parameters, compared in constant time. */
export function epaySignatureValid(params: Readonly<Record<string, string>>, key: string): boolean {
  const given = params.sign;
  if (typeof given !== 'string' || !/^[0-9a-fA-F]{32}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(given.toLowerCase(), 'ascii'), Buffer.from(epaySign(params, key), 'ascii'));
}
