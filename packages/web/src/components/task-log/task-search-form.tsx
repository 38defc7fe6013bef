import { useState } from 'react';
import { DatePicker, Form, Input } from '@arco-design/web-react';
import type { TaskFilters } from '@/api/tasks';
import { SearchActions } from '@/components/search-actions';
import { useNarrowScreen } from '@/lib/screen';
import type { MsRange } from '@/lib/time-range';
import { taskFormValues, toTaskFilters, type TaskFormValues } from './task-filters';

interface TaskSearchFormProps {
  isAdmin: boolean;
  initialValues: TaskFormValues;
  /** The page's default window, computed again on 重置 so that it ends at the current time. */
  defaultRange: () => MsRange;
  onSearch: (filters: TaskFilters) => void;
}

/** Task id and time range; administrators also filter by channel id (spec 2 §2 drawing and music task pages). */
export function TaskSearchForm({ isAdmin, initialValues, defaultRange, onSearch }: TaskSearchFormProps) {
  const [values, setValues] = useState(initialValues);
  // A phone has room for two short dates side by side, not two full date-times (as components/time-range-picker).
  const narrow = useNarrowScreen();
  const set = <K extends keyof TaskFormValues>(key: K) => (value: TaskFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));

  const handleReset = () => {
    const reset = taskFormValues(defaultRange());
    setValues(reset);
    onSearch(toTaskFilters(reset));
  };

  return (
    <Form layout="inline" onSubmit={() => onSearch(toTaskFilters(values))} style={{ marginBottom: 16 }}>
      <Form.Item label="时间">
        <DatePicker.RangePicker
          showTime
          format={narrow ? 'MM-DD HH:mm' : 'YYYY-MM-DD HH:mm:ss'}
          style={{ width: 380 }}
          value={values.range}
          onChange={(_text, dates) => set('range')(dates?.length === 2 ? [dates[0].valueOf(), dates[1].valueOf()] : undefined)}
        />
      </Form.Item>
      <Form.Item label="任务 ID">
        <Input aria-label="任务 ID" allowClear placeholder="任务 ID" style={{ width: 220 }} value={values.task_id} onChange={set('task_id')} />
      </Form.Item>
      {isAdmin && (
        <Form.Item label="渠道">
          <Input aria-label="渠道 ID" allowClear placeholder="渠道 ID" style={{ width: 110 }} value={values.channel_id} onChange={set('channel_id')} />
        </Form.Item>
      )}
      <SearchActions onReset={handleReset} />
    </Form>
  );
}
