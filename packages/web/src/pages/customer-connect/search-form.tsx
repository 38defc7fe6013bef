import { useState } from 'react';
import { DatePicker, Form, Select } from '@arco-design/web-react';
import type { CustomerConnectFilters } from '@/api/customer-connect';
import { EMPTY_SEARCH, toContactFilters, type ContactSearchValues } from './filters';
import { STATUS_OPTIONS, type StatusChoice } from './statuses';
import { SearchActions } from '@/components/search-actions';

interface SearchFormProps {
  onSearch: (filters: CustomerConnectFilters) => void;
}

/** Submission date range and status, with 查询 and 重置. */
export function SearchForm({ onSearch }: SearchFormProps) {
  const [values, setValues] = useState<ContactSearchValues>(EMPTY_SEARCH);

  const handleReset = () => {
    setValues(EMPTY_SEARCH);
    onSearch(toContactFilters(EMPTY_SEARCH));
  };

  return (
    <Form layout="inline" onSubmit={() => onSearch(toContactFilters(values))} style={{ marginBottom: 16 }}>
      <Form.Item label="提交时间">
        <DatePicker.RangePicker
          aria-label="提交时间"
          format="YYYY-MM-DD"
          style={{ width: 260 }}
          value={values.range}
          onChange={(dates) => setValues((current) => ({ ...current, range: dates?.length === 2 ? [dates[0], dates[1]] : undefined }))}
        />
      </Form.Item>
      <Form.Item label="状态">
        <Select
          aria-label="状态"
          style={{ width: 120 }}
          options={STATUS_OPTIONS.map((option) => ({ label: option.label, value: option.value }))}
          value={values.status}
          onChange={(status: StatusChoice) => setValues((current) => ({ ...current, status }))}
        />
      </Form.Item>
      <SearchActions onReset={handleReset} />
    </Form>
  );
}
