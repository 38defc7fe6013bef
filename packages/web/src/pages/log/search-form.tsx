import { useState } from 'react';
import { DatePicker, Form, Input, Select } from '@arco-design/web-react';
import type { LogFilters } from '@/api/logs';
import { defaultFormValues, toFilters, type LogFormValues } from './filters';
import { LOG_TYPE_OPTIONS } from './log-view';
import { SearchActions } from '@/components/search-actions';

interface SearchFormProps {
  isAdmin: boolean;
  initialValues: LogFormValues;
  onSearch: (filters: LogFilters) => void;
}

/** Time range, type, token, model and status code; administrators also filter by username and channel id. */
export function SearchForm({ isAdmin, initialValues, onSearch }: SearchFormProps) {
  const [values, setValues] = useState(initialValues);
  const set = <K extends keyof LogFormValues>(key: K) => (value: LogFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));

  const handleReset = () => {
    const reset = defaultFormValues();
    setValues(reset);
    onSearch(toFilters(reset));
  };

  return (
    <Form layout="inline" onSubmit={() => onSearch(toFilters(values))} style={{ marginBottom: 16 }}>
      <Form.Item label="时间">
        <DatePicker.RangePicker
          showTime
          format="YYYY-MM-DD HH:mm:ss"
          style={{ width: 380 }}
          value={values.range}
          onChange={(_text, dates) => set('range')(dates?.length === 2 ? [dates[0].valueOf(), dates[1].valueOf()] : undefined)}
        />
      </Form.Item>
      <Form.Item label="类型">
        <Select aria-label="日志类型" style={{ width: 120 }} options={LOG_TYPE_OPTIONS} value={values.type} onChange={set('type')} />
      </Form.Item>
      <Form.Item label="令牌">
        <Input aria-label="令牌名称" allowClear placeholder="令牌名称" style={{ width: 160 }} value={values.token_name} onChange={set('token_name')} />
      </Form.Item>
      <Form.Item label="模型">
        <Input aria-label="模型名称" allowClear placeholder="模型名称" style={{ width: 180 }} value={values.model_name} onChange={set('model_name')} />
      </Form.Item>
      <Form.Item label="状态码">
        <Input aria-label="状态码" allowClear placeholder="如 429" style={{ width: 100 }} value={values.status_code} onChange={set('status_code')} />
      </Form.Item>
      {isAdmin && (
        <>
          <Form.Item label="用户">
            <Input aria-label="用户名称" allowClear placeholder="用户名" style={{ width: 140 }} value={values.username} onChange={set('username')} />
          </Form.Item>
          <Form.Item label="渠道">
            <Input aria-label="渠道 ID" allowClear placeholder="渠道 ID" style={{ width: 110 }} value={values.channel} onChange={set('channel')} />
          </Form.Item>
        </>
      )}
      <SearchActions onReset={handleReset} />
    </Form>
  );
}
