import { RE2JS } from 're2js';

/**
 * Regular expressions that users write run over answers of up to 200,000 characters on the
 * server. JavaScript's RegExp backtracks, so a pattern like `(a+)+$` could block the event loop
 * for hours; RE2 (here its pure-JS port) matches in time linear in the text. Its syntax is RE2's:
 * no lookaround and no backreferences, which is the price of that guarantee.
 */
export interface LinearRegExp {
  test(text: string): boolean;
}

const FLAG_BITS: Record<string, number> = { i: RE2JS.CASE_INSENSITIVE, m: RE2JS.MULTILINE, s: RE2JS.DOTALL, u: 0 };

class LinearPattern implements LinearRegExp {
  constructor(
    private readonly compiled: RE2JS,
    private readonly source: string,
  ) {}

  test(text: string): boolean {
    return this.compiled.test(text);
  }

  /** ajv tells the patterns of a schema apart by toString(), so each must print as itself. */
  toString(): string {
    return this.source;
  }
}

/** Compiles `pattern` with flags of "imsu" ("u" is a no-op: RE2 always matches by code point). Throws on an invalid pattern or flag. */
export function compileLinear(pattern: string, flags: string): LinearRegExp {
  let bits = 0;
  for (const flag of flags) {
    const bit = FLAG_BITS[flag];
    if (bit === undefined) throw new Error(`unsupported flag "${flag}"`);
    bits |= bit;
  }
  return new LinearPattern(RE2JS.compile(pattern, bits), `/${pattern}/${flags}`);
}

/**
 * ajv's `code.regExp` option: JSON Schema `pattern` and `patternProperties` then run in linear
 * time too. ajv passes "u" as the flags; `code` is only used by ajv's standalone code generation,
 * which we do not use.
 */
export const linearRegExp = Object.assign((pattern: string, flags: string): LinearRegExp => compileLinear(pattern, flags), {
  code: 'linearRegExp',
});
