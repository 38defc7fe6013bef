import { Message } from '@arco-design/web-react';
import { call } from '@/api/http';
import { getOptions, type OptionRecord } from '@/api/options';
import { OPTION_LABELS } from '@/pages/setting/option-labels';
import { optionValuesFromRecords, saveOptions, type OptionChange } from '@/pages/setting/option-form';
import { MSG_NOT_NON_NEGATIVE, parseNonNegative, parsePriceTable, type ModelPriceKey } from './price-tables';

/** How a model is billed: by tokens with a model and a completion ratio, or a fixed USD price per call. */
export type ModelPriceInput = { kind: 'ratio'; modelRatio: number; completionRatio: number } | { kind: 'fixed'; price: number };

/** The price dialog's fields as typed. */
export interface PriceDraft {
  kind: ModelPriceInput['kind'];
  modelRatio: string;
  completionRatio: string;
  price: string;
}

export type PriceDraftErrors = Partial<Record<'modelRatio' | 'completionRatio' | 'price', string>>;

export const emptyPriceDraft = (): PriceDraft => ({ kind: 'ratio', modelRatio: '', completionRatio: '1', price: '' });

/** The price a draft asks for, or the message of each field that is not a number of at least 0. */
export function readPriceDraft(draft: PriceDraft): { input: ModelPriceInput } | { errors: PriceDraftErrors } {
  const fields: Array<keyof PriceDraftErrors> = draft.kind === 'fixed' ? ['price'] : ['modelRatio', 'completionRatio'];
  const numbers = Object.fromEntries(fields.map((field) => [field, parseNonNegative(draft[field])]));
  const errors: PriceDraftErrors = Object.fromEntries(fields.filter((field) => numbers[field] === null).map((field) => [field, MSG_NOT_NON_NEGATIVE]));
  if (Object.keys(errors).length > 0) return { errors };
  if (draft.kind === 'fixed') return { input: { kind: 'fixed', price: numbers.price! } };
  return { input: { kind: 'ratio', modelRatio: numbers.modelRatio!, completionRatio: numbers.completionRatio! } };
}

/**
 * The option changes that give `model` this price, every other model of each option kept as the
 * server holds it (`records` is a fresh GET /api/option/): the options are whole JSON texts, so a
 * change is a merge, never a replacement. A string says why it cannot be merged.
 */
export function modelPriceChanges(records: readonly OptionRecord[], model: string, input: ModelPriceInput): OptionChange[] | string {
  const values = optionValuesFromRecords(records);
  const entries: Array<[ModelPriceKey, number]> =
    input.kind === 'fixed'
      ? [['ModelPrice', input.price]]
      : [
          ['ModelRatio', input.modelRatio],
          ['CompletionRatio', input.completionRatio],
        ];
  const changes: OptionChange[] = [];
  for (const [key, value] of entries) {
    const table = parsePriceTable(values[key]);
    if (!table) return `${OPTION_LABELS[key]}不是合法的 JSON 对象，请先在倍率设置中修正`;
    changes.push({ key, value: JSON.stringify({ ...table, [model]: value }) });
  }
  return changes;
}

/**
 * Prices one model through the option API. The options are read just before, so that what other
 * administrators saved meanwhile is kept; returns whether every change was saved.
 */
export async function saveModelPrice(model: string, input: ModelPriceInput): Promise<boolean> {
  const records = await call(getOptions());
  if (!records) return false;
  const changes = modelPriceChanges(records, model, input);
  if (typeof changes === 'string') {
    Message.error(changes);
    return false;
  }
  const summary = await saveOptions(changes);
  if (summary.level !== 'success') {
    Message.error(summary.message);
    return false;
  }
  Message.success(`已设置模型 ${model} 的价格`);
  return true;
}
