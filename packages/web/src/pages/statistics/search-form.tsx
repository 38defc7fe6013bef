import { Form, Input, Radio, Select, Switch } from '@arco-design/web-react';
import { STATS_FILTER_MAX_LENGTH } from '@gw/shared';
import { TimeRangePicker } from '@/components/time-range-picker';
import { DATE_TYPE_OPTIONS, defaultFilters, type StatisticsFilters } from './statistics-view';
import { SearchActions } from '@/components/search-actions';
import { useFormValues } from './use-form-values';

interface SearchFormProps {
  initialValues: StatisticsFilters;
  instances: string[];
  /** The detail view also chooses rows per day or per hour. */
  showDateType: boolean;
  onSearch: (filters: StatisticsFilters) => void;
}

type TextField = 'username' | 'modelName' | 'tokenName';
const TEXT_FIELDS: Array<{ key: TextField; label: string; width: number }> = [
  { key: 'username', label: '用户名', width: 140 },
  { key: 'modelName', label: '模型名称', width: 170 },
  { key: 'tokenName', label: '令牌名称', width: 150 },
];

/** Range, 用户名, 实例, 模型名称, 令牌名称 and 仅看异常, applied by 查询; 按天/按小时 applies at once. */
export function SearchForm({ initialValues, instances, showDateType, onSearch }: SearchFormProps) {
  const { values, set, handleReset, applyNow } = useFormValues(initialValues, defaultFilters, onSearch);

  return (
    <Form layout="inline" onSubmit={() => onSearch(values)} style={{ marginBottom: 16, rowGap: 8 }}>
      <Form.Item label="时间">
        <TimeRangePicker value={values.range} onChange={set('range')} />
      </Form.Item>
      {TEXT_FIELDS.map(({ key, label, width }) => (
        <Form.Item key={key} label={label}>
          <Input aria-label={label} allowClear maxLength={STATS_FILTER_MAX_LENGTH} placeholder={label} style={{ width }} value={values[key]} onChange={set(key)} />
        </Form.Item>
      ))}
      <Form.Item label="实例">
        <Select
          aria-label="实例"
          allowClear
          placeholder="全部实例"
          style={{ width: 160 }}
          options={instances}
          value={values.instance || undefined}
          onChange={(instance?: string) => set('instance')(instance ?? '')}
        />
      </Form.Item>
      <Form.Item label="仅看异常">
        <Switch aria-label="仅看异常" checked={values.abnormal} onChange={set('abnormal')} />
      </Form.Item>
      {showDateType && (
        <Form.Item label="粒度">
          <Radio.Group type="button" options={DATE_TYPE_OPTIONS} value={values.dateType} onChange={applyNow('dateType')} />
        </Form.Item>
      )}
      <SearchActions onReset={handleReset} />
    </Form>
  );
}
