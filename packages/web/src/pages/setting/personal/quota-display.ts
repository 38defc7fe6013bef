import { DEFAULT_QUOTA_PER_UNIT, OPTION_DEFINITIONS } from '@gw/shared';
import { STORAGE_KEYS } from '@/lib/storage-keys';

export interface QuotaDisplay {
  displayInCurrency: boolean;
  quotaPerUnit: number;
}

/** How quota is shown: local storage display_in_currency and quota_per_unit (spec 1 §9). */
export function readQuotaDisplay(): QuotaDisplay {
  const stored = localStorage.getItem(STORAGE_KEYS.displayInCurrency);
  const perUnit = Number(localStorage.getItem(STORAGE_KEYS.quotaPerUnit));
  return {
    displayInCurrency: (stored ?? OPTION_DEFINITIONS.DisplayInCurrencyEnabled.default) === 'true',
    quotaPerUnit: Number.isFinite(perUnit) && perUnit > 0 ? perUnit : DEFAULT_QUOTA_PER_UNIT,
  };
}
