import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { Message } from '@arco-design/web-react';
import type { OptionKey } from '@gw/shared';
import { call } from '@/api/http';
import { getOptions, updateOption } from '@/api/options';
import {
  MSG_SAVED,
  isSecretOption,
  optionValuesFromRecords,
  planSave,
  saveOptions,
  type OptionChange,
  type OptionValues,
} from './option-form';
import { attempt } from './request';

/** Messages a card shows instead of the generic ones. */
export interface SaveMessages {
  /** Shown when every change was saved (default '保存成功'). */
  success?: string;
  /** Shown when a change failed (default '部分保存失败，请重试' / '保存失败，请重试'). */
  failure?: string;
  /** Shown when the input is invalid; the field then shows the detailed message. */
  invalid?: string;
}

export interface OptionsForm {
  loading: boolean;
  /** An administrator below role 100: the options are shown, never saved (the server refuses it). */
  readOnly: boolean;
  /** What the administrator sees and edits. */
  values: OptionValues;
  /** What the server holds (secret options: ''). */
  original: OptionValues;
  /** Field-level message of the last failed validation. */
  errors: Partial<Record<OptionKey, string>>;
  /** Boolean options being saved right now. */
  pending: Partial<Record<OptionKey, boolean>>;
  setValue: (key: OptionKey, value: string) => void;
  /** Validates the card's options and sends the changed ones. */
  save: (keys: readonly OptionKey[], messages?: SaveMessages) => Promise<void>;
  /** Saves a boolean option at once (spec 1 §4). */
  toggle: (key: OptionKey, checked: boolean) => Promise<void>;
  reload: () => Promise<void>;
}

type Setter = Dispatch<SetStateAction<OptionValues>>;

/** Accepted changes become the new original; a saved secret is cleared again so the hint shows. */
function applySaved(saved: readonly OptionChange[], setOriginal: Setter, setValues: Setter) {
  const accepted = saved.filter((change) => !isSecretOption(change.key));
  const secrets = saved.filter((change) => isSecretOption(change.key));
  setOriginal((current) => ({ ...current, ...Object.fromEntries(accepted.map((c) => [c.key, c.value])) }));
  setValues((current) => ({ ...current, ...Object.fromEntries(secrets.map((c) => [c.key, ''])) }));
}

/**
 * Loads every option (GET /api/option/) and keeps the edited copy of one settings tab; `readOnly`
 * for an administrator who may read the options but not save them (setting-tabs.ts).
 */
export function useOptionsForm(readOnly = false): OptionsForm {
  const [original, setOriginal] = useState<OptionValues>(() => optionValuesFromRecords([]));
  const [values, setValues] = useState<OptionValues>(original);
  const [errors, setErrors] = useState<Partial<Record<OptionKey, string>>>({});
  const [pending, setPending] = useState<Partial<Record<OptionKey, boolean>>>({});
  const [loading, setLoading] = useState(true);

  const reload = useCallback(async () => {
    setLoading(true);
    const records = await call(getOptions());
    if (records) {
      const loaded = optionValuesFromRecords(records);
      setOriginal(loaded);
      setValues(loaded);
      setErrors({});
    }
    setLoading(false);
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  const setValue = useCallback((key: OptionKey, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => (current[key] ? { ...current, [key]: undefined } : current));
  }, []);

  const save = useCallback(
    async (keys: readonly OptionKey[], messages: SaveMessages = {}) => {
      const plan = planSave(keys, original, values);
      if (plan.problem) {
        setErrors({ [plan.problem.key]: plan.problem.message });
        Message.error(messages.invalid ?? plan.problem.message);
        return;
      }
      setErrors({});
      const { normalized } = plan;
      setValues((current) => ({ ...current, ...Object.fromEntries(keys.map((key) => [key, normalized[key]])) }));
      const summary = await saveOptions(plan.changes);
      applySaved(summary.saved, setOriginal, setValues);
      if (summary.level === 'success') Message.success(messages.success ?? summary.message);
      else if (summary.level === 'warning') Message.warning(summary.message);
      else Message.error(messages.failure ?? summary.message);
    },
    [original, values],
  );

  const toggle = useCallback(async (key: OptionKey, checked: boolean) => {
    const value = checked ? 'true' : 'false';
    setPending((current) => ({ ...current, [key]: true }));
    if (await attempt(updateOption(key, value))) {
      setOriginal((current) => ({ ...current, [key]: value }));
      setValues((current) => ({ ...current, [key]: value }));
      Message.success(MSG_SAVED);
    }
    setPending((current) => ({ ...current, [key]: false }));
  }, []);

  return { loading, readOnly, values, original, errors, pending, setValue, save, toggle, reload };
}
