/**
 * What every import parser yields, in file order: a record's value, or why the record at that
 * place is malformed. `row` is the file's line (JSONL, CSV) or the element / row number (JSON
 * array, Parquet), from 1 (ImportRowError in @gw/shared).
 */
export type ParsedRow = { row: number; value: unknown } | { row: number; error: string };

/**
 * The file cannot be read on (a JSON array with a syntax error, a corrupt Parquet file): unlike a
 * malformed row there is no next record to resynchronise on, so the import fails as a whole.
 */
export class ImportFileError extends Error {}
