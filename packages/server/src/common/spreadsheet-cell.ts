/**
 * The first characters that make a spreadsheet read a cell's text as a formula (OWASP's CSV
 * injection rule): `=`, `+`, `-`, `@`, and tab and carriage return, which some applications skip
 * before reading the rest as one.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A value as an exported xlsx or CSV cell: text that could be read as a formula gets a leading
 * apostrophe, so that a token, model or user name, or a dataset's text, is shown and never run.
 * Numbers (negative ones included) and anything else that is not text stay as they are.
 */
export function spreadsheetCell<T>(value: T): T | string {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

/** Every value of an exported row through spreadsheetCell. */
export function spreadsheetRow<T extends object>(row: T): { [K in keyof T]: T[K] | string } {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, spreadsheetCell(value)])) as { [K in keyof T]: T[K] | string };
}
