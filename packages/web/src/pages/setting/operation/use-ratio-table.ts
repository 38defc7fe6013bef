import { useState } from 'react';
import { MODEL_PRICE_KEYS } from '@/components/model-price/price-tables';
import type { OptionsForm } from '../use-options-form';
import { emptyRatioRow, ratioRowsProblem, readRatioRows, sameEntries, writeRatioTexts, type RatioRow, type RatioTexts } from './ratio-table';

export interface RatioTable {
  /** Null while one of the options' texts is not a JSON object: the JSON view has to fix it first. */
  rows: RatioRow[] | null;
  /** The first thing that keeps the rows from being saved, or null. */
  problem: string | null;
  editRow: (id: number, fields: Partial<Omit<RatioRow, 'id'>>) => void;
  /** Puts an empty row first. */
  addRow: () => void;
  removeRow: (id: number) => void;
}

const textsOf = (form: OptionsForm): RatioTexts => ({ ModelRatio: form.values.ModelRatio, CompletionRatio: form.values.CompletionRatio, ModelPrice: form.values.ModelPrice });

const sameTexts = (a: RatioTexts, b: RatioTexts) => MODEL_PRICE_KEYS.every((key) => a[key] === b[key]);

/**
 * The table view of ModelRatio, CompletionRatio and ModelPrice. Both views edit the form's texts:
 * every edit that leaves the rows valid is written into them at once, and when the texts change
 * from elsewhere (the JSON view, a reload) the rows are read again. Rows that are not valid yet
 * stay here only, and the card refuses to save them.
 */
export function useRatioTable(form: OptionsForm): RatioTable {
  const texts = textsOf(form);
  const [state, setState] = useState(() => ({ source: texts, rows: readRatioRows(texts) }));
  let current = state;
  if (!sameTexts(state.source, texts)) {
    current = { source: texts, rows: readRatioRows(texts) };
    setState(current);
  }

  const change = (rows: RatioRow[]) => {
    if (ratioRowsProblem(rows) !== null) {
      setState({ source: current.source, rows });
      return;
    }
    // Options whose entries did not change keep their text, so that saving does not send them.
    const written = writeRatioTexts(rows);
    const next = { ...texts };
    for (const key of MODEL_PRICE_KEYS) {
      if (sameEntries(written[key], texts[key])) continue;
      next[key] = written[key];
      form.setValue(key, written[key]);
    }
    setState({ source: next, rows });
  };

  const rows = current.rows;
  return {
    rows,
    problem: rows ? ratioRowsProblem(rows) : null,
    editRow: (id, fields) => rows && change(rows.map((row) => (row.id === id ? { ...row, ...fields } : row))),
    addRow: () => rows && change([emptyRatioRow(Math.max(-1, ...rows.map((row) => row.id)) + 1), ...rows]),
    removeRow: (id) => rows && change(rows.filter((row) => row.id !== id)),
  };
}
