import { IMPORT_ERRORS_KEPT, type ImportRowError } from '@gw/shared';

/** The counts of one run of an import, as they go into its data_imports row. */
export class ImportTally {
  rowsDone = 0;
  rowsFailed = 0;
  sizeDone = 0;
  readonly errors: ImportRowError[] = [];

  addError(row: number, message: string): void {
    this.rowsFailed += 1;
    if (this.errors.length < IMPORT_ERRORS_KEPT) this.errors.push({ row, message });
  }
}
