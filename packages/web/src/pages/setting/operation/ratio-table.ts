import { MODEL_PRICE_KEYS, MSG_NOT_NON_NEGATIVE, parseNonNegative, parsePriceTable, type ModelPriceKey } from '@/components/model-price/price-tables';

/** One model of the ratio table: its name and its value in each option as typed ('' = not in that option). */
export type RatioRow = { id: number; model: string } & Record<ModelPriceKey, string>;

/** The three options' JSON texts, as the JSON view edits them. */
export type RatioTexts = Record<ModelPriceKey, string>;

export const RATIO_COLUMN_LABELS: Record<ModelPriceKey, string> = {
  ModelRatio: '模型倍率',
  CompletionRatio: '补全倍率',
  ModelPrice: '固定价格（每次）',
};

export const MSG_MODEL_NAME_REQUIRED = '模型名称不能为空';

export const emptyRatioRow = (id: number): RatioRow => ({ id, model: '', ModelRatio: '', CompletionRatio: '', ModelPrice: '' });

/**
 * One row per model named in any of the options, in the order the models first appear (so that
 * writing the rows back keeps each option's order); null when a text is not a JSON object.
 */
export function readRatioRows(texts: RatioTexts): RatioRow[] | null {
  const rows = new Map<string, RatioRow>();
  for (const key of MODEL_PRICE_KEYS) {
    const table = parsePriceTable(texts[key]);
    if (!table) return null;
    for (const [model, value] of Object.entries(table)) {
      const row = rows.get(model) ?? { ...emptyRatioRow(rows.size), model };
      row[key] = String(value);
      rows.set(model, row);
    }
  }
  return [...rows.values()];
}

/** An empty cell leaves the model out of that option; anything else must be a number of at least 0. */
export const cellProblem = (text: string): string | null => (text.trim() === '' || parseNonNegative(text) !== null ? null : MSG_NOT_NON_NEGATIVE);

/**
 * The first thing that keeps the rows from being saved, or null: the names first (they say which
 * row a value belongs to), then the values. A row needs a model ratio or a fixed price: with
 * neither the relay refuses the model ("未设置价格"), and the row would vanish from the options.
 */
export function ratioRowsProblem(rows: readonly RatioRow[]): string | null {
  const seen = new Set<string>();
  for (const row of rows) {
    const model = row.model.trim();
    if (model === '') return MSG_MODEL_NAME_REQUIRED;
    if (seen.has(model)) return `模型 ${model} 重复`;
    seen.add(model);
  }
  for (const row of rows) {
    const model = row.model.trim();
    for (const key of MODEL_PRICE_KEYS) {
      const problem = cellProblem(row[key]);
      if (problem) return `模型 ${model} 的${RATIO_COLUMN_LABELS[key]}：${problem}`;
    }
    if (row.ModelRatio.trim() === '' && row.ModelPrice.trim() === '') return `模型 ${model} 需要填写模型倍率或固定价格`;
  }
  return null;
}

/** The options' texts for valid rows, indented as the JSON view shows them. */
export function writeRatioTexts(rows: readonly RatioRow[]): RatioTexts {
  const texts = {} as RatioTexts;
  for (const key of MODEL_PRICE_KEYS) {
    const table = Object.fromEntries(rows.filter((row) => row[key].trim() !== '').map((row) => [row.model.trim(), Number(row[key])]));
    texts[key] = JSON.stringify(table, null, 2);
  }
  return texts;
}

/** Whether two texts hold the same models and values, whatever their order and layout. */
export function sameEntries(a: string, b: string): boolean {
  const left = parsePriceTable(a);
  const right = parsePriceTable(b);
  if (!left || !right) return a === b;
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((key) => Object.hasOwn(right, key) && right[key] === left[key]);
}
