import { Button, Radio, Select, Space } from '@arco-design/web-react';
import { IconSearch } from '@arco-design/web-react/icon';
import { MONITOR_MAX_IDS } from '@gw/shared';
import { TimeRangePicker } from '@/components/time-range-picker';
import { MONITOR_PRESETS, TIME_TYPE_OPTIONS, type MonitorFilters, type MonitorTab } from './monitor-view';
import type { FilterOptions } from './use-monitor';

interface FiltersProps {
  tab: MonitorTab;
  value: MonitorFilters;
  options: FilterOptions;
  onChange: (value: MonitorFilters) => void;
  onSearch: () => void;
}

/** Granularity, range with presets, channels or tokens, models; applied by 查询. */
export function Filters({ tab, value, options, onChange, onSearch }: FiltersProps) {
  const set = <K extends keyof MonitorFilters>(key: K) => (next: MonitorFilters[K]) => onChange({ ...value, [key]: next });
  const entityLabel = tab === 'upstream' ? '渠道' : '令牌';

  return (
    <Space wrap size={12} className="monitor-filters">
      <Radio.Group type="button" aria-label="时间粒度" options={TIME_TYPE_OPTIONS} value={value.timeType} onChange={set('timeType')} />
      <TimeRangePicker value={value.range} onChange={set('range')} presets={MONITOR_PRESETS} />
      <Select
        aria-label={entityLabel}
        mode="multiple"
        allowClear
        maxTagCount={2}
        placeholder={`全部${entityLabel}`}
        style={{ width: 240, maxWidth: '100%' }}
        value={value.ids}
        onChange={(ids: number[]) => set('ids')(ids.slice(0, MONITOR_MAX_IDS))}
        options={options.entities.map((option) => ({ label: option.name || `#${option.id}`, value: option.id ?? 0 }))}
      />
      <Select
        aria-label="模型"
        mode="multiple"
        allowClear
        maxTagCount={2}
        placeholder="全部模型"
        style={{ width: 240, maxWidth: '100%' }}
        value={value.models}
        onChange={(models: string[]) => set('models')(models.slice(0, MONITOR_MAX_IDS))}
        options={options.models.map((option) => option.name)}
      />
      <Button type="primary" icon={<IconSearch />} onClick={onSearch}>
        查询
      </Button>
    </Space>
  );
}
