/**
 * Numbers written in text, as the number scorer and a judge's prose reply use them: an optional
 * sign (not after a letter or digit, so "2024-05" holds 2024 and 5), thousands separated by
 * commas, decimals; full-width digits and signs count once NFKC has folded them.
 */
const NUMBER = /(?:(?<![\p{L}\p{N}])[-+])?(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?/gu;

function numbersIn(text: string): string[] {
  return text.normalize('NFKC').replace(/\u2212/g, '-').match(NUMBER) ?? [];
}

function valueOf(found: string | undefined): number | null {
  return found === undefined ? null : Number(found.replace(/,/g, ''));
}

export function firstNumber(text: string): number | null {
  return valueOf(numbersIn(text)[0]);
}

export function lastNumber(text: string): number | null {
  return valueOf(numbersIn(text).at(-1));
}
