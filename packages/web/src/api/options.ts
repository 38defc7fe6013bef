import type { OptionKey } from '@gw/shared';
import { http } from './http';

/** One option as GET /api/option/ lists it; values are strings, booleans 'true' / 'false'. */
export interface OptionRecord {
  key: string;
  value: string;
}

/** Every option; secret ones come back with value ''. */
export const getOptions = () => http.get<OptionRecord[]>('/api/option/');

/** Saves one option (one call per changed option, spec 1 §4). */
export const updateOption = (key: OptionKey, value: string) => http.put<null>('/api/option/', { key, value });

/** Puts the model ratios back to the server's defaults. */
export const resetModelRatio = () => http.post<null>('/api/option/rest_model_ratio');
