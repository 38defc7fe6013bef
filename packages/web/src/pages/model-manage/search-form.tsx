import { useState } from 'react';
import { Form, Input, Select } from '@arco-design/web-react';
import type { AbilityFilters } from '@/api/channels';
import { EMPTY_SEARCH, FLAG_OPTIONS, toAbilityFilters, type AbilitySearchValues } from './filters';
import { SearchActions } from '@/components/search-actions';

interface SearchFormProps {
  groups: string[];
  onSearch: (filters: AbilityFilters) => void;
}

/** Model name, group, channel id, and the two capability flags. */
export function SearchForm({ groups, onSearch }: SearchFormProps) {
  const [values, setValues] = useState(EMPTY_SEARCH);
  const set =
    <K extends keyof AbilitySearchValues>(key: K) =>
    (value: AbilitySearchValues[K] | undefined) =>
      setValues((current) => ({ ...current, [key]: value ?? EMPTY_SEARCH[key] }));

  const handleReset = () => {
    setValues(EMPTY_SEARCH);
    onSearch(toAbilityFilters(EMPTY_SEARCH));
  };

  return (
    <Form layout="inline" onSubmit={() => onSearch(toAbilityFilters(values))} style={{ marginBottom: 16 }}>
      <Form.Item label="模型">
        <Input aria-label="模型名称" allowClear placeholder="模型名称" style={{ width: 180 }} value={values.model} onChange={set('model')} />
      </Form.Item>
      <Form.Item label="分组">
        <Select
          aria-label="分组"
          allowClear
          placeholder="选择分组"
          style={{ width: 140 }}
          options={groups}
          value={values.group || undefined}
          onChange={set('group')}
        />
      </Form.Item>
      <Form.Item label="渠道">
        <Input aria-label="渠道 ID" allowClear placeholder="渠道 ID" style={{ width: 110 }} value={values.channel_id} onChange={set('channel_id')} />
      </Form.Item>
      <Form.Item label="深度思考">
        <Select aria-label="是否深度思考" style={{ width: 90 }} options={[...FLAG_OPTIONS]} value={values.is_deep_seek} onChange={set('is_deep_seek')} />
      </Form.Item>
      <Form.Item label="支持图片">
        <Select aria-label="是否支持图片" style={{ width: 90 }} options={[...FLAG_OPTIONS]} value={values.is_viewable} onChange={set('is_viewable')} />
      </Form.Item>
      <SearchActions onReset={handleReset} />
    </Form>
  );
}
