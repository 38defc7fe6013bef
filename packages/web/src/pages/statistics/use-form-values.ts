import { useState } from 'react';

/**
 * A search form's values (the usage views' and 渠道收益's): edited here and applied by 查询
 * (`onSearch(values)`); 重置 and the fields that apply at once (`applyNow`, the 粒度 and 分组
 * buttons) search immediately.
 */
export function useFormValues<F extends object>(initialValues: F, defaults: () => F, onSearch: (filters: F) => void) {
  const [values, setValues] = useState(initialValues);
  const set = <K extends keyof F>(key: K) => (value: F[K]) => setValues((current) => ({ ...current, [key]: value }));

  const handleReset = () => {
    const reset = defaults();
    setValues(reset);
    onSearch(reset);
  };

  const applyNow = <K extends keyof F>(key: K) => (value: F[K]) => {
    const next = { ...values, [key]: value };
    setValues(next);
    onSearch(next);
  };

  return { values, set, handleReset, applyNow };
}
