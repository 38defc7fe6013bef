import { OPTION_DEFINITIONS, type AuditAction, type OptionKey } from '@gw/shared';
import { changedFields, type FieldChanges } from '../audit/audit-diff';

/** Options that price models: their changes are `ratio.update` in the audit log. */
export function isRatioOption(key: OptionKey): boolean {
  return key.endsWith('Ratio') || key === 'ModelPrice' || key === 'ModelTieredPricing';
}

export function optionAuditAction(key: OptionKey): AuditAction {
  return isRatioOption(key) ? 'ratio.update' : 'option.update';
}

function parsedObject(value: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What an option's change looks like in the audit log. A JSON object option (the ratios, group
 * labels) keeps only the entries that changed, as `Key.entry` fields (`ModelRatio.gpt-4o`: 2.5 → 3),
 * rather than the whole table twice; any other option is one field named after it. A secret option
 * is a secret field of audit-diff.ts (the options' own `secret` flag), so its value is never kept.
 */
export function optionChanges(key: OptionKey, before: string, after: string): FieldChanges {
  const definition = OPTION_DEFINITIONS[key];
  if (definition.kind === 'json' && definition.json === 'object') {
    const old = parsedObject(before);
    const next = parsedObject(after);
    if (old && next) {
      const prefixed = (entries: Record<string, unknown>) => Object.fromEntries(Object.entries(entries).map(([entry, value]) => [`${key}.${entry}`, value]));
      return changedFields(prefixed(old), prefixed(next));
    }
  }
  return changedFields({ [key]: before }, { [key]: after });
}
