import { CHAT_VENDORS, vendorOfModel, type ChatCapability, type ChatModelView, type ChatVendor } from '@gw/shared';

/** What the picker's search box and filters narrow the models to. */
export interface PickerFilter {
  search: string;
  /** A model must have every one of these. */
  capabilities: ChatCapability[];
  /** null: every vendor. */
  vendor: ChatVendor | null;
}

export const EMPTY_FILTER: PickerFilter = { search: '', capabilities: [], vendor: null };

/** The model's vendor: the one the server named, or the one its name tells when the server's is unknown. */
export function vendorOf(model: ChatModelView): ChatVendor {
  return (CHAT_VENDORS as readonly string[]).includes(model.provider) ? model.provider : vendorOfModel(model.name);
}

/** The capabilities listed, plus those the model's flags imply (a server may set only the flags). */
export function capabilitiesOf(model: ChatModelView): ChatCapability[] {
  const found = new Set<ChatCapability>(model.capabilities ?? []);
  if (model.is_viewable) found.add('vision');
  if (model.is_deep_seek) found.add('thinking');
  return [...found];
}

export function matchesFilter(model: ChatModelView, filter: PickerFilter): boolean {
  const search = filter.search.trim().toLowerCase();
  if (search && !model.name.toLowerCase().includes(search)) return false;
  if (filter.vendor && vendorOf(model) !== filter.vendor) return false;
  const capabilities = capabilitiesOf(model);
  return filter.capabilities.every((capability) => capabilities.includes(capability));
}

export interface VendorGroup {
  vendor: ChatVendor;
  models: ChatModelView[];
}

/** The model tree: one group per vendor in CHAT_VENDORS order, models by sort_number within each. */
export function groupByVendor(models: readonly ChatModelView[]): VendorGroup[] {
  return CHAT_VENDORS.map((vendor) => ({
    vendor,
    models: models.filter((model) => vendorOf(model) === vendor).sort((a, b) => a.sort_number - b.sort_number),
  })).filter((group) => group.models.length > 0);
}

/**
 * A context window with a K suffix. Windows are usually quoted in thousands (128000 → 128K) or in
 * powers of two (131072 → 128K): a round thousand divides by 1000, anything else by 1024.
 * null when unknown (0).
 */
export function formatMaxTokens(tokens: number): string | null {
  if (!(tokens > 0)) return null;
  const thousands = tokens % 1000 === 0 ? tokens / 1000 : tokens / 1024;
  return `${Math.max(1, Math.round(thousands))}K`;
}
