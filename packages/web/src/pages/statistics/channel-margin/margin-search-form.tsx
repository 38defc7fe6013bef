import { Form, Input, InputNumber, Radio } from '@arco-design/web-react';
import { STATS_FILTER_MAX_LENGTH } from '@gw/shared';
import { SearchActions } from '@/components/search-actions';
import { TimeRangePicker } from '@/components/time-range-picker';
import { useFormValues } from '../use-form-values';
import { defaultMarginFilters, MARGIN_GROUP_OPTIONS, type MarginFilters } from './margin-view';

interface MarginSearchFormProps {
  initialValues: MarginFilters;
  onSearch: (filters: MarginFilters) => void;
}

/** Range, 渠道 ID and 模型名称, applied by 查询; the grouping applies at once. */
export function MarginSearchForm({ initialValues, onSearch }: MarginSearchFormProps) {
  const { values, set, handleReset, applyNow } = useFormValues(initialValues, defaultMarginFilters, onSearch);

  return (
    <Form layout="inline" onSubmit={() => onSearch(values)} style={{ marginBottom: 16, rowGap: 8 }}>
      <Form.Item label="时间">
        <TimeRangePicker value={values.range} onChange={set('range')} />
      </Form.Item>
      <Form.Item label="渠道 ID">
        <InputNumber
          aria-label="渠道 ID"
          placeholder="全部渠道"
          min={1}
          precision={0}
          style={{ width: 130 }}
          value={values.channelId}
          onChange={(id?: number) => set('channelId')(typeof id === 'number' && id > 0 ? id : undefined)}
        />
      </Form.Item>
      <Form.Item label="模型名称">
        <Input aria-label="模型名称" allowClear maxLength={STATS_FILTER_MAX_LENGTH} placeholder="模型名称" style={{ width: 170 }} value={values.modelName} onChange={set('modelName')} />
      </Form.Item>
      <Form.Item label="分组">
        <Radio.Group type="button" options={MARGIN_GROUP_OPTIONS} value={values.groupBy} onChange={applyNow('groupBy')} />
      </Form.Item>
      <SearchActions onReset={handleReset} />
    </Form>
  );
}
