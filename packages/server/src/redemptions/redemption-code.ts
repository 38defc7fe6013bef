import { randomBytes } from 'node:crypto';

export const REDEMPTION_CODE_LENGTH = 32;
const CODE_PATTERN = new RegExp(`^[0-9a-f]{${REDEMPTION_CODE_LENGTH}}$`);

/** A new code: 32 hexadecimal characters, 128 bits from the CSPRNG. */
export const generateRedemptionCode = (): string => randomBytes(REDEMPTION_CODE_LENGTH / 2).toString('hex');

/**
 * A code as a user typed or pasted it (surrounding blanks, upper case) in its stored form, or
 * undefined when it cannot be a code, so that no lookup is made for it.
 */
export function normaliseRedemptionCode(input: string): string | undefined {
  const code = input.trim().toLowerCase();
  return CODE_PATTERN.test(code) ? code : undefined;
}

/** Characters shown at each end of a masked code. */
const MASK_VISIBLE = 4;

/**
 * A code (always 32 characters) as its user's top-up history shows it: the first and last 4
 * (abcd…wxyz), enough to recognise it, 96 bits short of using it.
 */
export function maskRedemptionCode(code: string): string {
  return `${code.slice(0, MASK_VISIBLE)}…${code.slice(-MASK_VISIBLE)}`;
}
